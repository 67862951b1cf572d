import Store
import Testing

@Suite struct DatabaseURLTests {
    @Test func redactsURLPassword() {
        let url = "postgres://app:s3cr%40t@db.internal:5432/main?sslmode=require"
        #expect(DatabaseURL.redacted(url) == "postgres://app:***@db.internal:5432/main?sslmode=require")
        #expect(DatabaseURL.password(in: url) == "s3cr@t")
    }

    @Test func redactsPasswordOption() {
        #expect(
            DatabaseURL.redacted("postgresql://app@h/db?password=hunter2&sslmode=disable")
                == "postgresql://app@h/db?password=***&sslmode=disable")
        #expect(
            DatabaseURL.redacted("host=h user=u password='a b\\'c' dbname=d")
                == "host=h user=u password=*** dbname=d")
        #expect(DatabaseURL.password(in: "host=h password='a b' user=u") == "a b")
    }

    @Test func leavesURLWithoutPasswordAlone() {
        let url = "postgres://app@h:5432/db"
        #expect(DatabaseURL.redacted(url) == url)
        #expect(DatabaseURL.password(in: url) == nil)
    }

    @Test func redactsPasswordInMessages() {
        let url = "postgres://u:topsecret@h/db"
        #expect(
            DatabaseURL.redact("auth failed for topsecret (topsecret)", passwordOf: url)
                == "auth failed for *** (***)")
    }

    /// Found by the `database-url` fuzz target: libpq reads a `?` before the `@` as part of
    /// the credentials, so the redaction must too.
    @Test func redactsAPasswordWithAQuestionMark() {
        let url = "postgres://app:pa?ss@db:5432/main"
        #expect(DatabaseURL.password(in: url) == "pa?ss")
        #expect(DatabaseURL.redacted(url) == "postgres://app:***@db:5432/main")
        #expect(DatabaseURL.redacted("postgres://ap?p:secret@db/main?sslmode=require") == "postgres://ap?p:***@db/main?sslmode=require")
    }

    /// Found by the `database-url` fuzz target: libpq skips blanks around `=`, so
    /// `password= secret` and `password = secret` carry a password too.
    @Test func redactsAPasswordOptionWithBlanks() {
        let text = "host=h user=u password= secret dbname=x"
        #expect(DatabaseURL.password(in: text) == "secret")
        #expect(!DatabaseURL.redacted(text).contains("secret"))
        #expect(DatabaseURL.redacted("host=h password = 'se cret' dbname=x") == "host=h password = *** dbname=x")
        #expect(DatabaseURL.redacted("host=h passwordless=1") == "host=h passwordless=1")
    }

    /// In the key/value form a value ends only at a blank: `password=&secret` is the password
    /// `&secret` (libpq), so none of it may show; in a URL's query `&` ends the value.
    @Test func redactsAKeyValuePasswordStartingWithAnAmpersand() {
        let text = "host=h user=u password=&secret"
        #expect(DatabaseURL.password(in: text) == "&secret")
        #expect(DatabaseURL.redacted(text) == "host=h user=u password=***")
        #expect(DatabaseURL.redacted("postgres://h/db?password=pw&sslmode=require") == "postgres://h/db?password=***&sslmode=require")
    }
}
