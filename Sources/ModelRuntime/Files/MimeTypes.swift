/// Whether a file's mime type is one of those a schema or server accepts: `image/png` matches `image/png`,
/// `image/*`, `*/*` and `*`, without regard to case or parameters (`text/plain; charset=utf-8` is `text/plain`).
package func mimeType(_ mime: String, isAmong accepted: [String]) -> Bool {
    /// The type and subtype, lowercased and without parameters or spaces.
    func essence(_ text: String) -> [String] {
        let bare = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return bare.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.filter { $0 != " " }.lowercased()
        }
    }
    let file = essence(mime)
    return accepted.contains { pattern in
        let rule = essence(pattern)
        // A bare `*` accepts any file, as Cortex's passthru processors write it (`mimes: ["*"]`).
        if rule == ["*"] { return true }
        return file.count == 2 && rule.count == 2 && (rule[0] == "*" || rule[0] == file[0])
            && (rule[1] == "*" || rule[1] == file[1])
    }
}
