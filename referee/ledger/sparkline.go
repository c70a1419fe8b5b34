package ledger

import (
	"strings"

	"github.com/mjref/mjref/internal/asciitable"
)

var sparks = []rune("▁▂▃▄▅▆▇█")

// Sparklines renders each player's running total as a line of block characters, at most width
// hands wide (longer games are sampled evenly, always keeping the last hand), with the total.
func Sparklines(s *State, width int) string {
	n := len(s.History)
	idx := make([]int, 0, min(n, max(width, 1)))
	if n <= width || width < 1 {
		for j := range n {
			idx = append(idx, j)
		}
	} else {
		for k := range width {
			idx = append(idx, (k+1)*n/width-1)
		}
	}
	lo, hi := Amount(0), Amount(0)
	for _, e := range s.History {
		for _, t := range e.Totals {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	nameW := 0
	for _, p := range s.Players {
		nameW = max(nameW, asciitable.Width(p)) // columns: a Chinese character takes two
	}
	var b strings.Builder
	for i, p := range s.Players {
		b.WriteString(p)
		b.WriteString(strings.Repeat(" ", nameW-asciitable.Width(p)+1))
		for _, j := range idx {
			t := s.History[j].Totals[i]
			k := 0
			if hi > lo {
				k = int(int64(t-lo) * int64(len(sparks)-1) / int64(hi-lo))
			}
			b.WriteRune(sparks[k])
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.Totals[i].String())
		b.WriteByte('\n')
	}
	return b.String()
}
