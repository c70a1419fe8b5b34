package ledger

import (
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/asciitable"
)

var sparks = []rune("▁▂▃▄▅▆▇█")

// Sparklines renders each player's running total as a line of block characters, at most width
// hands wide (longer games are sampled evenly, always keeping the last hand), with the total. Every
// player of the evening has a line, in order of arrival: a hand they did not play (before they sat
// down, after they left) is a space, so a seat's earlier player is not drawn under the new name.
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
	people := s.People
	if len(people) == 0 { // a state without its people (an old record): the four at the table
		for i, p := range s.Players {
			people = append(people, Person{Name: p, Place: i, Total: s.Totals[i]})
		}
	}
	nameW := 0
	for _, p := range people {
		nameW = max(nameW, asciitable.Width(p.Name)) // columns: a Chinese character takes two
	}
	var b strings.Builder
	for _, p := range people {
		b.WriteString(p.Name)
		b.WriteString(strings.Repeat(" ", nameW-asciitable.Width(p.Name)+1))
		for _, j := range idx {
			e := &s.History[j]
			i := slices.Index(e.Players[:], p.Name)
			if i < 0 {
				b.WriteByte(' ')
				continue
			}
			k := 0
			if hi > lo {
				k = int(int64(e.Totals[i]-lo) * int64(len(sparks)-1) / int64(hi-lo))
			}
			b.WriteRune(sparks[k])
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.Total.String())
		b.WriteByte('\n')
	}
	return b.String()
}
