/// A plain value with no view controller: the audit finds nothing here.
struct Greeting {
    var name: String

    var text: String { "Hello, \(name)" }
}
