import CRabbitMQ
import Messages

/// Owns `malloc`-style copies of strings, bytes and tables handed to rabbitmq-c for the
/// duration of one call, and frees them all when it goes away.
///
/// rabbitmq-c keeps the pointers of an `amqp_bytes_t` as given, so a Swift `String`'s
/// temporary buffer (what `amqp_cstring_bytes` would see) must never be passed. Keep the
/// arena alive (`withExtendedLifetime`) until the call returns. Not thread-safe; used by
/// one call on one thread.
final class AMQPArena {
    private var blocks: [UnsafeMutableRawPointer] = []

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// A copy of `string`'s UTF-8 bytes (empty bytes for an empty string).
    func bytes(_ string: String) -> amqp_bytes_t {
        bytes(Array(string.utf8))
    }

    /// A copy of `data` (empty bytes for an empty array).
    func bytes(_ data: [UInt8]) -> amqp_bytes_t {
        guard !data.isEmpty else { return amqp_bytes_t(len: 0, bytes: nil) }
        let block = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 1)
        data.withUnsafeBytes { source in
            if let base = source.baseAddress { block.copyMemory(from: base, byteCount: data.count) }
        }
        blocks.append(block)
        return amqp_bytes_t(len: data.count, bytes: block)
    }

    /// Uninitialised room for `count` table entries, freed with the arena.
    func allocateEntries(_ count: Int) -> UnsafeMutablePointer<amqp_table_entry_t> {
        let entries = UnsafeMutablePointer<amqp_table_entry_t>.allocate(capacity: count)
        blocks.append(UnsafeMutableRawPointer(entries))
        return entries
    }

    /// An AMQP field table: `.int` as a signed 64-bit `l`, `.string` as a long string `S`.
    /// Entries are sorted by key so the encoding is deterministic.
    func table(_ values: [String: HeaderValue]) -> amqp_table_t {
        guard !values.isEmpty else { return amqp_table_t(num_entries: 0, entries: nil) }
        let entries = allocateEntries(values.count)
        for (index, key) in values.keys.sorted().enumerated() {
            var field = amqp_field_value_t()
            switch values[key] {
            case .int(let i)?:
                field.kind = UInt8(AMQP_FIELD_KIND_I64.rawValue)
                field.value.i64 = Int64(i)
            case .string(let s)?:
                field.kind = UInt8(AMQP_FIELD_KIND_UTF8.rawValue)
                field.value.bytes = bytes(s)
            case nil:
                field.kind = UInt8(AMQP_FIELD_KIND_VOID.rawValue)
            }
            (entries + index).initialize(to: amqp_table_entry_t(key: bytes(key), value: field))
        }
        return amqp_table_t(num_entries: Int32(values.count), entries: entries)
    }
}

extension amqp_bytes_t {
    /// A Swift copy of the bytes (valid while the owning frame, envelope or pool lives).
    var array: [UInt8] {
        guard len > 0, let base = bytes else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: len))
    }

    /// The bytes decoded as UTF-8 (invalid sequences repaired).
    var string: String { String(decoding: array, as: UTF8.self) }
}

extension amqp_table_t {
    /// The table's scalar entries as header values: integers (any width, booleans as 0/1,
    /// timestamps) as `.int`, long strings and byte arrays as `.string`, floats as their
    /// decimal text. Nested tables, arrays, decimals and voids are skipped (e.g. `x-death`).
    var headerValues: [String: HeaderValue] {
        var result: [String: HeaderValue] = [:]
        guard num_entries > 0, let entries else { return result }
        for i in 0..<Int(num_entries) {
            let entry = entries[i]
            if let value = entry.value.headerValue { result[entry.key.string] = value }
        }
        return result
    }
}

extension amqp_field_value_t {
    /// This field as a header value, or `nil` for kinds ConnectBus does not model.
    var headerValue: HeaderValue? {
        switch UInt32(kind) {
        case AMQP_FIELD_KIND_UTF8.rawValue, AMQP_FIELD_KIND_BYTES.rawValue: return .string(value.bytes.string)
        case AMQP_FIELD_KIND_I8.rawValue: return .int(Int(value.i8))
        case AMQP_FIELD_KIND_U8.rawValue: return .int(Int(value.u8))
        case AMQP_FIELD_KIND_I16.rawValue: return .int(Int(value.i16))
        case AMQP_FIELD_KIND_U16.rawValue: return .int(Int(value.u16))
        case AMQP_FIELD_KIND_I32.rawValue: return .int(Int(value.i32))
        case AMQP_FIELD_KIND_U32.rawValue: return .int(Int(value.u32))
        case AMQP_FIELD_KIND_I64.rawValue: return .int(Int(value.i64))
        case AMQP_FIELD_KIND_U64.rawValue, AMQP_FIELD_KIND_TIMESTAMP.rawValue:
            return Int(exactly: value.u64).map { .int($0) } ?? .string(String(value.u64))
        case AMQP_FIELD_KIND_BOOLEAN.rawValue: return .int(value.boolean != 0 ? 1 : 0)
        case AMQP_FIELD_KIND_F32.rawValue: return .string(String(value.f32))
        case AMQP_FIELD_KIND_F64.rawValue: return .string(String(value.f64))
        default: return nil
        }
    }
}
