// Package termtext makes text that came from a user or a file safe to print on a terminal:
// control characters (which could move the cursor, retitle the window, write the clipboard
// with OSC 52 or reorder a line with bidi overrides) are shown escaped, Go style, while
// printable Unicode such as Chinese player names is kept as it is. It also cuts long input to a
// short excerpt around an error's position.
//
// Only text for people goes through it: JSON and YAML output keep the exact strings.
package termtext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape returns s with every character that a terminal would act on instead of showing written
// as an escape: \n \r \t \a \b \f \v for their usual names, \x1b and other C0 controls and DEL
// as \xNN, C1 controls and the invisible bidi and line-separator marks as \uNNNN, and each byte
// that is not UTF-8 as \xNN. Everything else, including a backslash, is left as it is, so text
// that needs no escaping is returned unchanged (and unallocated).
func Escape(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafe(r):
			writeEscape(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Unsafe reports whether s holds anything Escape would change.
func Unsafe(s string) bool { return firstUnsafe(s) >= 0 }

func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}

// unsafe reports the runes a terminal acts on or that change how a line reads without being seen.
func unsafe(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f: // C0 controls (ESC starts every escape sequence), DEL
		return true
	case r >= 0x80 && r <= 0x9f: // C1 controls: 0x9b is a one-byte CSI, 0x9d a one-byte OSC
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // Arabic letter mark, LRM, RLM
		return true
	case r >= 0x202a && r <= 0x202e: // bidi embeddings and overrides (LRE RLE PDF LRO RLO)
		return true
	case r >= 0x2066 && r <= 0x2069: // bidi isolates (LRI RLI FSI PDI)
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r == 0xfeff: // zero-width no-break space (a BOM mid-text)
		return true
	}
	return false
}

func writeEscape(b *strings.Builder, r rune) {
	switch r {
	case '\a':
		b.WriteString(`\a`)
	case '\b':
		b.WriteString(`\b`)
	case '\f':
		b.WriteString(`\f`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	case '\v':
		b.WriteString(`\v`)
	default:
		if r < 0x80 {
			fmt.Fprintf(b, `\x%02x`, r)
		} else {
			fmt.Fprintf(b, `\u%04x`, r)
		}
	}
}

// ExcerptWidth is how many runes of quoted input an error message shows around its position.
const ExcerptWidth = 60

// Excerpt cuts s to at most width runes around rune offset pos, marking each cut with "…", so a
// 10 MB line quoted by an error is a short line. It returns the excerpt and pos as an offset into
// it (in runes), for drawing a caret. A pos outside s is clamped to its ends. The excerpt is not
// escaped: escape it (and measure the caret on the escaped prefix) before printing.
func Excerpt(s string, pos, width int) (string, int) {
	if width < 8 {
		width = 8
	}
	n := utf8.RuneCountInString(s)
	if n <= width {
		return s, clamp(pos, 0, n)
	}
	pos = clamp(pos, 0, n)
	// Keep about a third of the window before the position, the rest after it.
	start := clamp(pos-width/3, 0, n-width)
	end := start + width
	var b strings.Builder
	newPos := pos - start
	if start > 0 {
		b.WriteString("…")
		newPos++
	}
	i, from, to := 0, len(s), len(s)
	for off := range s { // rune starts, keeping bytes that are not UTF-8 as they are
		if i == start {
			from = off
		}
		if i == end {
			to = off
			break
		}
		i++
	}
	b.WriteString(s[from:to])
	if end < n {
		b.WriteString("…")
	}
	return b.String(), newPos
}

// Shorten cuts s to at most width runes (plus "…"), for quoting a value in a message.
func Shorten(s string, width int) string {
	ex, _ := Excerpt(s, 0, width)
	return ex
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
