package termtext

import "testing"

// Width measures graphemes, not runes: an emoji joined by ZWJ, a flag, a skin tone and a VS16
// emoji are each 2 columns, as terminals draw them; a combining mark adds nothing.
func TestWidth(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"張三", 4},
		{"👨\u200d👩\u200d👧", 2},
		{"🇭🇰", 2},
		{"👍🏽", 2},
		{"❤️", 2},
		{"e\u0301", 1},
		{"Ann 👨\u200d👩\u200d👧 Lee", 10},
	} {
		if got := Width(tt.s); got != tt.want {
			t.Errorf("Width(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// CutWidth keeps whole graphemes: it never leaves half of a ZWJ sequence or a flag.
func TestCutWidth(t *testing.T) {
	family := "👨\u200d👩\u200d👧"
	for _, tt := range []struct {
		s     string
		width int
		want  string
	}{
		{"abcdef", 3, "abc"},
		{"張三李", 5, "張三"},
		{"a" + family + "b", 2, "a"},
		{"a" + family + "b", 3, "a" + family},
		{"🇭🇰🇭🇰", 3, "🇭🇰"},
	} {
		if got := CutWidth(tt.s, tt.width); got != tt.want {
			t.Errorf("CutWidth(%q, %d) = %q, want %q", tt.s, tt.width, got, tt.want)
		}
	}
}
