import Foundation

/// Generated files whose names differ only in case (`Thing.swift`, `THING.swift`): distinct Swift types, but one file
/// on a case-insensitive file system, macOS's default, where one would overwrite the other and the build would lack a
/// type. An error at the second object, before anything is written.
enum FileNameClashes {
    static func check(_ schema: ResolvedSchema, _ diagnostics: inout Diagnostics) {
        var owners: [String: ResolvedObject] = [:]
        let listing = ResolvedSchema.listingName
        for object in schema.objects {
            let key = caseFolded(object.swiftName)
            if schema.hasListing, key == caseFolded(listing) {
                clash(object, with: "the list of objects, \(listing).swift", &diagnostics)
            } else if let owner = owners[key] {
                clash(object, with: "'\(owner.apiName)' (\(owner.swiftName).swift, at \(owner.location))", &diagnostics)
            } else {
                owners[key] = object
            }
        }
    }

    /// A name as a case-insensitive file system compares it: case folded (`lowercased()` would keep `ς` and `σ`
    /// apart).
    private static func caseFolded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive], locale: nil)
    }

    private static func clash(_ object: ResolvedObject, with other: String, _ diagnostics: inout Diagnostics) {
        diagnostics.error(
            "object '\(object.apiName)' would be written to \(object.swiftName).swift, which differs only in case from \(other): one file on a case-insensitive file system (macOS's default)",
            at: object.location,
            hint: "rename one with 'naming.overrides: { \(object.configName): NewName }'"
        )
    }
}
