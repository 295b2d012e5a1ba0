/// Schema text in a Markdown report that is also read on a terminal (`diff`'s output, pasted into a pull request
/// comment or printed in a CI log).
///
/// Schema text only ever appears inside code spans, whose content Markdown shows as it is: `<!--`, `<details>`,
/// `*` and `[` in a name stay text instead of hiding the rest of a comment or adding a link. The span's fence is
/// one backtick longer than any run of backticks in the text, so the text can neither close it nor open another,
/// and never two: DocC reads a span between two backticks as a link to a symbol (a doc comment's ``` ``Visit`` ```).
/// Line breaks and control, format and bidi characters go through the diagnostics' layer first
/// (``SwiftText/commentText(_:)``): they become visible `\u{…}` escapes, so the text can't start a line of its
/// own, send an escape sequence to a terminal, or reorder what a reviewer reads.
public enum MarkdownText {
    /// `text` as one inline code span that shows exactly the visible form of `text`.
    public static func codeSpan(_ text: String) -> String {
        let visible = SwiftText.commentText(text)
        var longestRun = 0
        var run = 0
        for byte in visible.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun == 1 ? 3 : longestRun + 1)
        // Markdown drops one space at each end when both ends have one, and a backtick at an end would join the
        // fence: a space on each side keeps the text as it is. An empty span would read as a fence of two.
        // Compared as bytes, as Markdown reads them: a backtick with a combining mark after it is one Character.
        let (first, last) = (visible.utf8.first, visible.utf8.last)
        let (backtick, space) = (UInt8(ascii: "`"), UInt8(ascii: " "))
        let padded =
            first == nil || first == backtick || last == backtick
            || (first == space && last == space && visible.utf8.contains { $0 != space })
        return padded ? "\(fence) \(visible) \(fence)" : fence + visible + fence
    }
}
