/// The line `{"object": "fault", …}` of a Cortex NDJSON export. Cortex sends it when an export fails partway, and
/// mdctl ends the export there and writes the fault into its output (Medable/mdctl,
/// `packages/mdctl-core/streams/export_stream.js`). Every object after the fault is missing, so both `generate`
/// (reading a saved export) and `pull` (reading the server's answer) refuse the export at that line, rather than
/// take it as an org without those objects and delete their models.
public enum CortexFault {
    /// The fault `line` reports, as mdctl prints one (its code, then its message), made safe for a terminal and
    /// kept short; nil when `line` is not a fault.
    public static func description(of line: SyntaxNode) -> String? {
        guard line["object"]?.scalarText == "fault" else { return nil }
        let code = line["code"]?.scalarText ?? line["errCode"]?.scalarText ?? "fault"
        let detail = line["message"]?.scalarText ?? line["reason"]?.scalarText
        let text = detail.map { "\(code): \($0)" } ?? code
        return SwiftText.commentText(String(text.prefix(300)))
    }
}
