extension OutputPlan {
    /// The one line every run ends with, also when nothing changed: `3 files written, 97 up to date in Generated`
    /// after a write, `3 files out of date, 97 up to date in Generated` for `--check` and `--dry-run` (which also
    /// count the manifest when it is out of date).
    public func summary(in directory: String, written: Bool) -> String {
        let upToDate = changes.values.filter { $0 == .unchanged }.count
        var parts: [String] = []
        if !writes.isEmpty { parts.append(Self.count(writes.count, "file") + (written ? " written" : " out of date")) }
        if !deletions.isEmpty {
            parts.append(Self.count(deletions.count, "file") + (written ? " deleted" : " to delete"))
        }
        let edited = conflicts.filter { changes[$0] == .conflict(.headerRemoved) }.count
        if edited > 0 { parts.append(Self.count(edited, "file") + " edited, left alone") }
        if conflicts.count > edited {
            parts.append(Self.count(conflicts.count - edited, "file") + " not generated, left alone")
        }
        // A write names the manifest on a line of its own; a check that fails on it alone must not say "no changes".
        if !written && manifest.writes { parts.append("the manifest out of date") }
        if parts.isEmpty { parts.append("no changes") }
        parts.append(Self.count(upToDate, "file") + " up to date")
        return parts.joined(separator: ", ") + " in \(directory)"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
