import CCurl
import CShims

/// Sends e-mail over SMTP with libcurl (`smtp://` or `smtps://`, `MAIL FROM`, `RCPT TO`,
/// the message uploaded through `CURLOPT_READFUNCTION`), reusing its connection between
/// sends (libcurl keeps it open on the easy handle).
///
/// Thread-safety: not `Sendable`; one per worker thread (it owns a `CURL*`), e.g. through
/// `WorkerResources.resource(_:make:)`. Blocking: call only on a worker thread.
public final class SMTPClient {
    private let settings: SMTPSettings
    private let handle: UnsafeMutableRawPointer

    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_SSL))

    /// Creates a client for `settings`.
    /// - Throws: ``SMTPError`` `smtp.setup_failed` when libcurl cannot be initialised.
    public init(settings: SMTPSettings) throws(SMTPError) {
        guard SMTPClient.globalInit == CURLE_OK, let handle = curl_easy_init() else {
            throw SMTPError(code: "smtp.setup_failed", message: "libcurl could not be initialised")
        }
        self.settings = settings
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    /// Sends `message` from the configured sender to `recipient`.
    /// - Throws: ``SMTPError`` (see its codes); the message may still have been delivered
    ///   when the connection broke after the server accepted it (at-least-once).
    public func send(_ message: [UInt8], to recipient: String) throws(SMTPError) {
        let source = MessageSource(message)
        let context = Unmanaged.passRetained(source)
        defer { context.release() }
        var recipients: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
            configure(recipients: &recipients, context: context.toOpaque(), errorBuffer: buffer.baseAddress)
            let result = curl_easy_perform(handle)
            _ = cbshim_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
            return result
        }
        guard code != CURLE_OK else { return }
        var reply = 0
        _ = cbshim_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &reply)
        let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        let rejected = reply >= 500 && reply < 600
        throw SMTPError(
            code: rejected ? "smtp.rejected" : "smtp.unavailable", message: text,
            replyCode: reply > 0 ? reply : nil)
    }

    private func configure(
        recipients: inout UnsafeMutablePointer<curl_slist>?, context: UnsafeMutableRawPointer,
        errorBuffer: UnsafeMutablePointer<CChar>?
    ) {
        _ = cbshim_curl_setopt_string(handle, CURLOPT_URL, settings.curlURL)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        let timeoutMs = Int(settings.timeout.components.seconds * 1000)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMs, 10_000))
        _ = cbshim_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeoutMs)
        _ = cbshim_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = cbshim_curl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(settings.fromAddress)>")
        _ = cbshim_curl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_UPLOAD, 1)
        _ = cbshim_curl_setopt_read_function(handle, smtpReadCallback)
        _ = cbshim_curl_setopt_pointer(handle, CURLOPT_READDATA, context)
        if settings.tls == .starttls {
            _ = cbshim_curl_setopt_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
        }
        if let username = settings.username {
            _ = cbshim_curl_setopt_string(handle, CURLOPT_USERNAME, username)
            _ = cbshim_curl_setopt_string(handle, CURLOPT_PASSWORD, settings.password ?? "")
        }
    }
}

/// The message being uploaded and how much of it curl has read.
private final class MessageSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// `CURLOPT_READFUNCTION`: copies the next part of the message into curl's buffer; 0 = end.
private let smtpReadCallback: cbshim_curl_data_cb = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return 0 }
    let source = Unmanaged<MessageSource>.fromOpaque(userdata).takeUnretainedValue()
    let length = min(size * count, source.bytes.count - source.offset)
    guard length > 0 else { return 0 }
    source.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + source.offset, byteCount: length)
    }
    source.offset += length
    return length
}
