import Foundation
import HTTPServer

/// The look of the simulator's pages for people: plain HTML with inline CSS, a little
/// JavaScript at most, no external assets (the pages must work without the internet).
enum HTMLPage {
    /// Escapes text for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `12.34 USD` from minor units.
    static func money(_ amount: Int, _ currency: String) -> String {
        let sign = amount < 0 ? "-" : ""
        let value = abs(amount)
        let cents = value % 100
        return "\(sign)\(value / 100).\(cents < 10 ? "0" : "")\(cents) \(currency.uppercased())"
    }

    /// A whole page: `title`, the simulator banner, then `body` (already HTML); `wide` for
    /// the dashboard's tables (the hosted pages are a narrow card).
    static func render(_ title: String, status: Int = 200, wide: Bool = false, _ body: String) -> HTTPResponse {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
            header{background:#635bff;color:#fff;padding:10px 24px;font-size:14px}
            header b{font-size:16px}
            main{max-width:520px;margin:32px auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:28px 32px}
            h1{font-size:22px;margin:0 0 4px} h2{font-size:16px;margin:20px 0 8px;color:#3c4257}
            .muted{color:#697386;font-size:14px;overflow-wrap:anywhere} code{overflow-wrap:anywhere} .amount{font-size:28px;font-weight:600;margin:8px 0 16px}
            label{display:block;font-size:13px;color:#3c4257;margin:12px 0 4px}
            input,select{width:100%;box-sizing:border-box;padding:9px 10px;border:1px solid #cfd7df;border-radius:6px;font-size:15px}
            .row{display:flex;gap:12px} .row>div{flex:1}
            button{margin-top:18px;width:100%;padding:11px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;cursor:pointer}
            button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
            button.danger{background:#df1b41}
            .error,.ok{overflow-wrap:anywhere} .error{background:#fde8ec;color:#a0102b;border-radius:6px;padding:10px 12px;margin:12px 0;font-size:14px}
            .ok{background:#e3f8ee;color:#0b6b3a;border-radius:6px;padding:10px 12px;margin:12px 0;font-size:14px}
            table{width:100%;border-collapse:collapse;font-size:14px} td{padding:6px 0;border-bottom:1px solid #eef1f5} td.r{text-align:right}
            .hint{font-size:12px;color:#697386;margin-top:4px} .hint code{cursor:pointer;background:#eef1f5;padding:1px 4px;border-radius:3px}
            fieldset{border:1px solid #e3e8ee;border-radius:6px;margin:12px 0;padding:4px 12px 12px}
            legend{font-size:13px;color:#3c4257;padding:0 4px}
            .tabs label{display:inline-block;margin-right:16px;font-size:15px} .tabs input{width:auto}
            main.wide{max-width:1180px;margin:16px auto;padding:20px 28px}
            nav{font-size:13px;margin:0 0 12px;line-height:1.9} nav a{margin-right:12px;color:#635bff;text-decoration:none}
            form.filters{display:flex;gap:8px;align-items:flex-end;flex-wrap:wrap;margin:8px 0 12px}
            form.filters label{margin:0} form.filters input,form.filters select{width:auto;min-width:120px;padding:5px 8px;font-size:13px}
            form.inline{display:inline} form.filters button,form.inline button,button.small{width:auto;margin:0;padding:6px 12px;font-size:13px}
            table.list th{text-align:left;font-size:12px;color:#697386;border-bottom:1px solid #e3e8ee;padding:6px 8px 6px 0}
            table.list td{padding:6px 8px 6px 0;vertical-align:top;overflow-wrap:anywhere}
            pre.json{background:#f6f9fc;border:1px solid #e3e8ee;border-radius:6px;padding:12px;font-size:12px;overflow:auto;white-space:pre-wrap}
            .status-ok{color:#0b6b3a} .status-bad{color:#a0102b}
            </style></head>
            <body><header><b>stripe-sim</b> &middot; test mode &middot; no real money moves</header>
            <main\(wide ? " class=\"wide\"" : "")>\(body)</main></body></html>
            """
        return HTTPResponse(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
            body: Array(html.utf8))
    }

    /// The 303 See Other that ends every page POST (post/redirect/get): the browser loads
    /// `path` with `query` by GET, so reloading the page that follows (the reader console
    /// reloads itself every two seconds) never sends the form again.
    static func seeOther(_ path: String, _ query: [(String, String?)]) -> HTTPResponse {
        .redirect(to: withQuery(path, query), status: 303)
    }

    /// `url` with the pairs of `query` whose value is not nil appended, percent-encoded
    /// (after `&` when `url` already has a query, as a `return_url` may).
    static func withQuery(_ url: String, _ query: [(String, String?)]) -> String {
        let encoded = encodedQuery(query)
        guard !encoded.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + encoded
    }

    /// `name=value&…` with each value percent-encoded (unreserved characters kept); pairs
    /// without a value are left out.
    static func encodedQuery(_ query: [(String, String?)]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return query.compactMap { name, value in
            value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
        }.joined(separator: "&")
    }

    /// A message page (`kind`: `ok` or `error`).
    static func message(_ title: String, _ text: String, kind: String = "ok", status: Int = 200, extra: String = "") -> HTTPResponse {
        render(title, status: status, "<h1>\(escape(title))</h1><div class=\"\(kind)\" id=\"message\">\(escape(text))</div>\(extra)")
    }

    /// Test card fields (number, expiry, CVC, name) with clickable hints for Stripe's test cards.
    static let cardFields = """
        <label for="card_number">Card number</label>
        <input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242">
        <div class="hint">Test cards: <code data-fill="card_number">4242 4242 4242 4242</code> succeeds,
        <code data-fill="card_number">4000 0027 6000 3184</code> and <code data-fill="card_number">4000 0025 0000 3155</code> ask for 3D Secure,
        <code data-fill="card_number">6205 5000 0000 0000 004</code> (UnionPay) succeeds,
        <code data-fill="card_number">4000 0000 0000 0002</code> is declined,
        <code data-fill="card_number">4000 0000 0000 9995</code> has insufficient funds.</div>
        <div class="row"><div><label for="card_expiry">Expiry</label><input id="card_expiry" name="card_expiry" placeholder="12 / 34" value="12 / 34"></div>
        <div><label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" placeholder="123" value="123"></div></div>
        """

    /// SEPA Debit field with hints for Stripe's test IBANs.
    static let ibanFields = """
        <label for="iban">IBAN</label>
        <input id="iban" name="iban" autocomplete="off" placeholder="AT61 1904 3002 3457 3201">
        <div class="hint">Test IBANs: <code data-fill="iban">AT611904300234573201</code> succeeds later,
        <code data-fill="iban">AT321904300235473204</code> succeeds three minutes later,
        <code data-fill="iban">IT60X0542811101000000123456</code> and <code data-fill="iban">AT861904300235473202</code> fail later.</div>
        """

    /// ACH Direct Debit fields with Stripe's test routing and account numbers.
    static let achFields = """
        <div class="row"><div><label for="routing_number">Routing number</label><input id="routing_number" name="routing_number" value="110000000"></div>
        <div><label for="account_number">Account number</label><input id="account_number" name="account_number" autocomplete="off" placeholder="000123456789"></div></div>
        <div class="hint">Test accounts: <code data-fill="account_number">000123456789</code> succeeds later,
        <code data-fill="account_number">000222222227</code> fails later (insufficient funds).</div>
        """

    /// The buyer's choice among `offered` method types: radio tabs, or a hidden field when
    /// there is one (`card` when none).
    static func methodChoice(_ offered: [String]) -> String {
        let names = ["card": "Card", "sepa_debit": "SEPA Debit", "us_bank_account": "US bank account"]
        guard offered.count > 1 else { return "<input type=\"hidden\" name=\"method\" value=\"\(offered.first ?? "card")\">" }
        return "<div class=\"tabs\">"
            + offered.enumerated().map { index, method in
                let name = names[method] ?? RedirectPaymentMethod.byType[method]?.name ?? method
                return "<label><input type=\"radio\" name=\"method\" value=\"\(method)\"\(index == 0 ? " checked" : "")> \(name)</label>"
            }.joined(separator: " ") + "</div>"
    }

    /// The methods a buyer can type (card, SEPA Debit, US bank account) among `types`, in
    /// that order, then the redirect methods among them: what a payment page offers.
    static func offeredMethods(_ types: [String]) -> [String] {
        ["card", "sepa_debit", "us_bank_account"].filter { types.contains($0) }
            + RedirectPaymentMethod.all.filter { types.contains($0.type) }.map(\.type)
    }

    /// The field sets of `offered` (``offeredMethods(_:)``): card, IBAN and ACH fields and the
    /// redirect methods' notes. Shared by Checkout and the PaymentSheet page.
    static func methodFieldsets(_ offered: [String]) -> String {
        offered.map { method in
            switch method {
            case "card": "<fieldset data-method=\"card\"><legend>Card</legend>\(cardFields)</fieldset>"
            case "sepa_debit": "<fieldset data-method=\"sepa_debit\"><legend>SEPA Debit</legend>\(ibanFields)</fieldset>"
            case "us_bank_account":
                "<fieldset data-method=\"us_bank_account\"><legend>US bank account (ACH Direct Debit)</legend>\(achFields)</fieldset>"
            default: RedirectPaymentMethod.byType[method].map(redirectFieldset) ?? ""
            }
        }.joined(separator: "\n")
    }

    /// The test payment method a posted payment form names for its chosen `method`: the
    /// redirect method's type, or the card number, IBAN or bank account typed in that
    /// method's fields (``testMethodName(cardNumber:iban:routingNumber:accountNumber:)``);
    /// nil when the typed value is not one of Stripe's test values.
    static func postedMethodName(_ method: String, _ params: [String: FormValue]) -> String? {
        if RedirectPaymentMethod.byType[method] != nil { return method }
        return testMethodName(
            cardNumber: method == "card" ? params["card_number"]?.stringValue : nil,
            iban: method == "sepa_debit" ? params["iban"]?.stringValue : nil,
            routingNumber: params["routing_number"]?.stringValue,
            accountNumber: method == "us_bank_account" ? params["account_number"]?.stringValue : nil)
    }

    /// What a payment form says when ``postedMethodName(_:_:)`` found no test method.
    static func unknownTestMethod(_ method: String) -> String {
        switch method {
        case "sepa_debit": "This IBAN is not a test IBAN: use one of those below."
        case "us_bank_account": "This is not a test bank account: use routing number 110000000 and one of the accounts below."
        default: "Your card number is incorrect: use one of the test cards below."
        }
    }

    /// The field set of a redirect method: nothing to type, the bank's page follows.
    static func redirectFieldset(_ method: RedirectPaymentMethod) -> String {
        "<fieldset data-method=\"\(method.type)\"><legend>\(escape(method.name))</legend>"
            + "<p class=\"muted\">You will be redirected to \(escape(method.name)) to authorize the payment.</p></fieldset>"
    }

    /// Fills an input when a test-card hint is clicked; shows the field set of the chosen method.
    static let script = """
        <script>
        document.querySelectorAll('[data-fill]').forEach(function(c){c.addEventListener('click',function(){
          var i=document.getElementById(c.getAttribute('data-fill')); if(i){i.value=c.textContent;}});});
        function cbMethod(){var r=document.querySelector('input[name=method]:checked'); if(!r)return;
          document.querySelectorAll('[data-method]').forEach(function(f){f.style.display=f.getAttribute('data-method')===r.value?'':'none';});}
        document.querySelectorAll('input[name=method]').forEach(function(r){r.addEventListener('change',cbMethod);}); cbMethod();
        </script>
        """

    /// The test payment method named by a card number, IBAN or US bank account number
    /// (routing number 110000000) typed by a person (spaces ignored), or nil when it is
    /// not one of Stripe's test values.
    static func testMethodName(cardNumber: String?, iban: String?, routingNumber: String? = nil, accountNumber: String? = nil) -> String? {
        if let account = accountNumber?.filter({ !$0.isWhitespace }), !account.isEmpty {
            guard routingNumber?.filter({ !$0.isWhitespace }) == "110000000", TestPaymentMethod.byName[account]?.type == "us_bank_account" else {
                return nil
            }
            return account
        }
        if let iban = iban?.filter({ !$0.isWhitespace }).uppercased(), !iban.isEmpty {
            return TestPaymentMethod.byName[iban] == nil ? nil : iban
        }
        if let number = cardNumber?.filter({ !$0.isWhitespace && $0 != "-" }), !number.isEmpty {
            return TestPaymentMethod.byName[number] == nil ? nil : number
        }
        return nil
    }
}
