import Testing

@testable import ModelGeneratorCore

/// `TemplateLibrary.tidy` runs over every rendered file: what templates leave behind (trailing spaces, blank lines
/// from empty sections) must not reach the output.
@Suite struct TidyTests {
    @Test(arguments: [
        ("struct A {}\n", "struct A {}\n"),
        ("struct A {}", "struct A {}\n"),
        ("a  \nb\t\n", "a\nb\n"),
        ("\n\n  \na\n", "a\n"),
        ("a\n\n\n \n\t\nb\n", "a\n\nb\n"),
        ("a\n\nb\n\n\n\n", "a\n\nb\n"),
        ("    indented  \n", "    indented\n"),
        ("", ""),
        ("\n \n", ""),
        ("é  \n\n\n日本\n", "é\n\n日本\n"),
    ])
    func tidiesLinesAndBlankRuns(_ input: String, _ expected: String) {
        #expect(TemplateLibrary.tidy(input) == expected)
    }

    /// The object file joins its parts with blank lines; one tidy afterwards leaves exactly one between them.
    @Test func joinedPartsAreSeparatedByOneBlankLine() {
        let parts = ["// header\n\nimport A\n\nstruct A {}\n", "\n\nextension A {}\n\n", "extension A.B {}"]
        #expect(
            TemplateLibrary.tidy(parts.joined(separator: "\n\n"))
                == "// header\n\nimport A\n\nstruct A {}\n\nextension A {}\n\nextension A.B {}\n"
        )
    }
}
