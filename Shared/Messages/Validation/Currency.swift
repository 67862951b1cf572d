/// ISO 4217 currency codes as Stripe writes them (lowercase), with their minor-unit digits.
/// Pure data; thread-safe.
public enum Currency {
    /// Every active ISO 4217 code, lowercase.
    public static let iso4217: Set<String> = [
        "aed", "afn", "all", "amd", "ang", "aoa", "ars", "aud", "awg", "azn", "bam", "bbd", "bdt", "bgn",
        "bhd", "bif", "bmd", "bnd", "bob", "brl", "bsd", "btn", "bwp", "byn", "bzd", "cad", "cdf", "chf",
        "clp", "cny", "cop", "crc", "cup", "cve", "czk", "djf", "dkk", "dop", "dzd", "egp", "ern", "etb",
        "eur", "fjd", "fkp", "gbp", "gel", "ghs", "gip", "gmd", "gnf", "gtq", "gyd", "hkd", "hnl", "htg",
        "huf", "idr", "ils", "inr", "iqd", "irr", "isk", "jmd", "jod", "jpy", "kes", "kgs", "khr", "kmf",
        "kpw", "krw", "kwd", "kyd", "kzt", "lak", "lbp", "lkr", "lrd", "lsl", "lyd", "mad", "mdl", "mga",
        "mkd", "mmk", "mnt", "mop", "mru", "mur", "mvr", "mwk", "mxn", "myr", "mzn", "nad", "ngn", "nio",
        "nok", "npr", "nzd", "omr", "pab", "pen", "pgk", "php", "pkr", "pln", "pyg", "qar", "ron", "rsd",
        "rub", "rwf", "sar", "sbd", "scr", "sdg", "sek", "sgd", "shp", "sle", "sll", "sos", "srd", "ssp",
        "stn", "svc", "syp", "szl", "thb", "tjs", "tmt", "tnd", "top", "try", "ttd", "twd", "tzs", "uah",
        "ugx", "usd", "uyu", "uzs", "ves", "vnd", "vuv", "wst", "xaf", "xcd", "xof", "xpf", "yer", "zar",
        "zmw", "zwl",
    ]

    /// Currencies Stripe treats as zero-decimal (the amount is in whole units).
    public static let zeroDecimal: Set<String> = [
        "bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv",
        "xaf", "xof", "xpf",
    ]

    /// Currencies Stripe treats as three-decimal.
    public static let threeDecimal: Set<String> = ["bhd", "jod", "kwd", "omr", "tnd"]

    /// True for a lowercase, known ISO 4217 code (`usd`); false for `USD`, `us`, `xyz`.
    public static func isKnown(_ code: String) -> Bool { iso4217.contains(code) }

    /// Digits after the decimal point of the currency's smallest unit: 0, 2 or 3.
    public static func minorUnitDigits(_ code: String) -> Int {
        if zeroDecimal.contains(code) { return 0 }
        if threeDecimal.contains(code) { return 3 }
        return 2
    }
}
