package termtext

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "East 123m456p", "East 123m456p"},
		{"chinese name", "陳大文", "陳大文"},
		{"emoji with zwj", "👨‍👩‍👧", "👨‍👩‍👧"},
		{"backslash kept", `a\nb`, `a\nb`},
		{"newline and tab", "a\nb\tc\r", `a\nb\tc\r`},
		{"bell backspace formfeed vtab", "\a\b\f\v", `\a\b\f\v`},
		{"csi colour", "\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"osc 52 clipboard", "\x1b]52;c;ZWNobyBwd25lZA==\x07", `\x1b]52;c;ZWNobyBwd25lZA==\a`},
		{"osc title with st", "\x1b]0;owned\x1b\\", `\x1b]0;owned\x1b\`},
		{"nul and del", "a\x00b\x7f", `a\x00b\x7f`},
		{"c1 csi", "a\u009b31mb", `a\u009b31mb`},
		{"c1 osc", "\u009d0;t\u009c", `\u009d0;t\u009c`},
		{"bidi override", "East\u202eWest", `East\u202eWest`},
		{"bidi isolates", "\u2066x\u2069", `\u2066x\u2069`},
		{"marks", "\u200e\u200f\u061c", `\u200e\u200f\u061c`},
		{"line separators", "a\u2028b\u2029", `a\u2028b\u2029`},
		{"bom", "\ufeffname", `\ufeffname`},
		{"invalid utf8", "ok\xff\xfe", `ok\xff\xfe`},
		{"truncated utf8", "陳"[:2], `\xe9\x99`},
		{"raw c1 byte", "a\x9bb", `a\x9bb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Escape(tt.in); got != tt.want {
				t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := Unsafe(tt.in); got != (tt.in != tt.want) {
				t.Errorf("Unsafe(%q) = %v", tt.in, got)
			}
		})
	}
}

func TestEscapeNoAlloc(t *testing.T) {
	s := "陳大文 East 123m456p789s11z [555p]"
	if n := testing.AllocsPerRun(100, func() { _ = Escape(s) }); n != 0 {
		t.Errorf("Escape of safe text allocates %v times", n)
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 50) + "X" + strings.Repeat("b", 50)
	tests := []struct {
		name    string
		s       string
		pos     int
		width   int
		want    string
		wantPos int
	}{
		{"short kept", "123m", 2, 10, "123m", 2},
		{"pos clamped", "123m", 99, 10, "123m", 4},
		{"middle", long, 50, 12, "…aaaaXbbbbbbb…", 5},
		{"start", long, 0, 12, "aaaaaaaaaaaa…", 0},
		{"end", long, 101, 12, "…bbbbbbbbbbbb", 13},
		{"runes", strings.Repeat("陳", 30), 15, 9, "…陳陳陳陳陳陳陳陳陳…", 4},
		{"bytes that are not utf-8 kept", strings.Repeat("\xff", 30), 15, 9, "…" + strings.Repeat("\xff", 9) + "…", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, pos := Excerpt(tt.s, tt.pos, tt.width)
			if got != tt.want || pos != tt.wantPos {
				t.Errorf("Excerpt = %q, %d; want %q, %d", got, pos, tt.want, tt.wantPos)
			}
			if r := []rune(got); pos < len(r) && tt.pos < utf8.RuneCountInString(tt.s) && r[pos] != []rune(tt.s)[tt.pos] {
				t.Errorf("caret at %q, want %q", r[pos], []rune(tt.s)[tt.pos])
			}
		})
	}
}

func TestShorten(t *testing.T) {
	if got := Shorten(strings.Repeat("x", 1000), 10); got != strings.Repeat("x", 10)+"…" {
		t.Errorf("Shorten = %q", got)
	}
	if got := Shorten("short", 10); got != "short" {
		t.Errorf("Shorten = %q", got)
	}
}

// FuzzEscape checks that escaped text holds no character a terminal acts on, is valid UTF-8,
// and leaves safe text alone.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"陳大文", "\x1b]52;c;AA==\x07", "a\u202eb", "\xff", "plain", "\u009b2J"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(s)
		if !utf8.ValidString(e) {
			t.Fatalf("Escape(%q) = %q is not UTF-8", s, e)
		}
		if Unsafe(e) {
			t.Fatalf("Escape(%q) = %q still unsafe", s, e)
		}
		if !Unsafe(s) && e != s {
			t.Fatalf("Escape changed safe %q to %q", s, e)
		}
		ex, pos := Excerpt(s, len(s)/2, 20)
		if n := utf8.RuneCountInString(ex); n > 22 || pos < 0 || pos > n {
			t.Fatalf("Excerpt(%q) = %q, %d", s, ex, pos)
		}
	})
}

func TestWriter(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"plain and layout kept", []string{"| 陳 | E |\n", "\tx\n"}, "| 陳 | E |\n\tx\n"},
		{"escape sequence", []string{"note: \x1b]52;c;AA==\x07\n"}, "note: \\x1b]52;c;AA==\\a\n"},
		{"carriage return", []string{"a\rb"}, `a\rb`},
		{"rune split across writes", []string{"陳"[:1], "陳"[1:2], "陳"[2:]}, "陳"},
		{"c1 split across writes", []string{"\u009b"[:1], "\u009b"[1:] + "2J"}, `\u009b2J`},
		{"bidi", []string{"E\u202eW"}, `E\u202eW`},
		{"invalid then ascii", []string{"\xffok"}, `\xffok`},
		{"incomplete at the end is flushed", []string{"ok" + "陳"[:2]}, `ok\xe9\x99`},
		{"escaped text passes unchanged", []string{Escape("\x1b[2J")}, `\x1b[2J`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			w := NewWriter(&b)
			for _, s := range tt.writes {
				if n, err := w.Write([]byte(s)); err != nil || n != len(s) {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("wrote %q, want %q", b.String(), tt.want)
			}
		})
	}
}

// FuzzWriter checks that whatever is written, in whatever pieces, comes out with no character a
// terminal acts on except line breaks and tabs, and that safe text passes unchanged.
func FuzzWriter(f *testing.F) {
	f.Add("陳大文\n\x1b[31m", uint8(2))
	f.Add("\u202e\u009b\xff", uint8(1))
	f.Fuzz(func(t *testing.T, s string, piece uint8) {
		var b strings.Builder
		w := NewWriter(&b)
		step := int(piece)%7 + 1
		for i := 0; i < len(s); i += step {
			if _, err := w.Write([]byte(s[i:min(i+step, len(s))])); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		out := strings.NewReplacer("\n", "", "\t", "").Replace(b.String())
		if Unsafe(out) {
			t.Fatalf("Writer passed unsafe text: %q -> %q", s, b.String())
		}
		pieces := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\t' })
		if !slices.ContainsFunc(pieces, Unsafe) && b.String() != s {
			t.Fatalf("Writer changed safe %q to %q", s, b.String())
		}
	})
}
