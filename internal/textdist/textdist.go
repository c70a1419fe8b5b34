// Package textdist measures how far apart two words are, for "did you mean" hints on a mistyped key.
package textdist

import (
	"cmp"
	"slices"
	"strings"
)

// Distance is the Levenshtein distance of a and b, ignoring case and treating '-' and '_' as equal
// (ruleset ids use '-', YAML and preference keys '_').
func Distance(a, b string) int {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "-", "_") }
	a, b = norm(a), norm(b)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Nearest returns the candidates word was probably meant to be, best first, at most three: those
// word begins (when it has three letters or more), then those within two edits, fewer edits first.
// A candidate must keep more than half its letters: "cap" is not offered for "top".
func Nearest(word string, candidates []string) []string {
	type near struct {
		c      string
		prefix bool
		d      int
	}
	var found []near
	lw := strings.ToLower(word)
	for _, c := range candidates {
		if strings.EqualFold(c, word) {
			continue
		}
		n := near{c: c, d: Distance(word, c)}
		n.prefix = len(word) >= 3 && strings.HasPrefix(strings.ToLower(c), lw)
		if n.prefix || (n.d <= 2 && n.d*2 < len(c)) {
			found = append(found, n)
		}
	}
	slices.SortStableFunc(found, func(a, b near) int {
		if a.prefix != b.prefix {
			if a.prefix {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.d, b.d)
	})
	out := make([]string, 0, min(len(found), 3))
	for _, n := range found[:min(len(found), 3)] {
		out = append(out, n.c)
	}
	return out
}

// Suggest is " (did you mean half-spicy?)" for the Nearest candidates of word, to end a message
// that lists what is expected; "" when none is near.
func Suggest(word string, candidates []string) string {
	near := Nearest(word, candidates)
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}
