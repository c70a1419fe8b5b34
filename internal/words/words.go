// Package words writes a count with its noun the way a person would: "1 hand", "2 hands".
package words

import "strconv"

// Count is n and noun, the noun in the plural unless n is 1 or -1: Count(1, "line") is "1 line",
// Count(3, "concrete hand") is "3 concrete hands". The plural adds "s" (or "es" after s, x, ch
// and sh; "ies" after a consonant and y), which is right for the nouns mjref counts.
func Count(n int, noun string) string { return strconv.Itoa(n) + " " + Noun(n, noun) }

// Noun is noun in the plural unless n is 1 or -1 (see Count).
func Noun(n int, noun string) string {
	if n == 1 || n == -1 || noun == "" {
		return noun
	}
	switch last := noun[len(noun)-1]; {
	case last == 's' || last == 'x' || hasSuffix(noun, "ch") || hasSuffix(noun, "sh"):
		return noun + "es"
	case last == 'y' && len(noun) > 1 && !isVowel(noun[len(noun)-2]):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// Verb is singular when n is 1 or -1, else plural: Verb(n, "was", "were").
func Verb(n int, singular, plural string) string {
	if n == 1 || n == -1 {
		return singular
	}
	return plural
}

func hasSuffix(s, suf string) bool { return len(s) >= len(suf) && s[len(s)-len(suf):] == suf }

func isVowel(c byte) bool { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' }
