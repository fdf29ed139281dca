@testable import NavctlKit
import Testing

@Suite("Shell words: blanks, quotes, escapes, comments")
struct WordSplitterTests {
    func words(_ line: String) -> [String]? { try? WordSplitter.split(line).get() }

    @Test func blanksSeparateWords() {
        #expect(words("route  post\tpostId=5 ") == ["route", "post", "postId=5"])
        #expect(words("") == [])
        #expect(words("   ") == [])
    }

    @Test func quotesKeepBlanksAndEachOther() {
        #expect(words(#"route compose draft="two words""#) == ["route", "compose", "draft=two words"])
        #expect(words("route compose 'draft=it''s'") == ["route", "compose", "draft=its"])
        #expect(words(#"call nav.route '{"to": "post", "params": {"postId": 5}}'"#)
            == ["call", "nav.route", #"{"to": "post", "params": {"postId": 5}}"#])
        #expect(words(#"say "a \"quoted\" \\ word" \$x"#) == ["say", #"a "quoted" \ word"#, "$x"])
        #expect(words(#"x "" ''"#) == ["x", "", ""])
        #expect(words(#"a\ b"#) == ["a b"])
    }

    @Test func aHashStartingAWordCommentsOutTheRest() {
        #expect(words("# a comment") == [])
        #expect(words("route post postId=5 # open a post") == ["route", "post", "postId=5"])
        #expect(words("deeplink social://feed#top") == ["deeplink", "social://feed#top"])
        #expect(words("say '#not a comment'") == ["say", "#not a comment"])
    }

    @Test func anOpenQuoteIsAnError() {
        #expect(WordSplitter.split(#"route "post"#) == .failure(WordSplitter.Failure(message: "unterminated double quote")))
        #expect(WordSplitter.split("route 'post") == .failure(WordSplitter.Failure(message: "unterminated single quote")))
    }

    @Test func aLineBeingTyped() {
        #expect(WordSplitter.partial("route po") == (["route"], "po"))
        #expect(WordSplitter.partial("route ") == (["route"], ""))
        #expect(WordSplitter.partial("") == ([], ""))
        #expect(WordSplitter.partial(#"route compose "draft=a b"#) == (["route", "compose"], "draft=a b"))
    }
}
