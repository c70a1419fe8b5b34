package termtext

import "github.com/clipperhouse/displaywidth"

// Width is the number of terminal columns s takes, grapheme by grapheme: 1 for most characters,
// 2 for wide ones (CJK, emoji), 2 for an emoji sequence joined by ZWJ (👨‍👩‍👧) or given a flag
// or a skin tone, 0 for combining marks and controls. It is mjref's one measure of text: tables,
// their fitting and wrapping, and the caret under an error's column all use it, so they agree.
func Width(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] < 0x20 {
			return displaywidth.String(s)
		}
	}
	return len(s)
}

// CutWidth returns the longest prefix of s at most width columns wide (see Width), never cutting
// a grapheme in two.
func CutWidth(s string, width int) string {
	w, n := 0, 0
	g := displaywidth.StringGraphemes(s)
	for g.Next() {
		gw := g.Width()
		if w+gw > width {
			break
		}
		w += gw
		n += len(g.Value())
	}
	return s[:n]
}
