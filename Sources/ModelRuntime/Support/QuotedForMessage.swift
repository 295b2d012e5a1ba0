/// `text` in double quotes for an error message, cut to its first 64 characters when longer (with its length
/// given), so a hostile megabyte-long value can't make a megabyte-long message.
func quotedForMessage(_ text: String) -> String {
    let limit = 64
    guard text.utf8.count > limit, text.count > limit else { return "\"\(text)\"" }
    return "\"\(text.prefix(limit))…\" (\(text.count) characters)"
}
