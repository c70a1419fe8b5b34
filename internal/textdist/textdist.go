// Package textdist measures how far apart two words are, for "did you mean" hints on a mistyped key.
package textdist

import "strings"

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
