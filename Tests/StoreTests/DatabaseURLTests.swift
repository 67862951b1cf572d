import Store
import Testing

@Suite struct DatabaseURLTests {
    @Test func redactsURLPassword() {
        let url = "postgres://app:s3cr%40t@db.internal:5432/main?sslmode=require"
        #expect(DatabaseURL.redacted(url) == "postgres://app:***@db.internal:5432/main?sslmode=require")
        #expect(DatabaseURL.password(in: url) == "s3cr@t")
    }

    @Test func redactsPasswordOption() {
        #expect(DatabaseURL.redacted("postgresql://app@h/db?password=hunter2&sslmode=disable")
                == "postgresql://app@h/db?password=***&sslmode=disable")
        #expect(DatabaseURL.redacted("host=h user=u password='a b\\'c' dbname=d")
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
        #expect(DatabaseURL.redact("auth failed for topsecret (topsecret)", passwordOf: url)
                == "auth failed for *** (***)")
    }
}
