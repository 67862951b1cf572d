/// One Terminal reader as terminal.list_readers reports it.
public struct ReaderSummary: Codable, Sendable, Equatable, FieldDocumented {
    /// The reader (`tmr_…`).
    public var reader: String
    /// Its label.
    public var label: String?
    /// Its location (`tml_…`).
    public var location: String?
    /// Stripe's `device_type`, e.g. bbpos_wisepos_e or simulated_wisepos_e.
    public var deviceType: String
    /// Online or offline, when known.
    public var status: ReaderStatus?
    /// Its serial number.
    public var serialNumber: String?

    /// Creates the value; optional fields default to absent.
    public init(
        reader: String, label: String? = nil, location: String? = nil, deviceType: String, status: ReaderStatus? = nil, serialNumber: String? = nil
    ) {
        self.reader = reader
        self.label = label
        self.location = location
        self.deviceType = deviceType
        self.status = status
        self.serialNumber = serialNumber
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "reader": "The reader (`tmr_…`).",
        "label": "Its label.",
        "location": "Its location (`tml_…`).",
        "device_type": "Stripe's `device_type`, e.g. bbpos_wisepos_e or simulated_wisepos_e.",
        "status": "Online or offline, when known.",
        "serial_number": "Its serial number.",
    ]
}
