package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
)

// SeatingOptions ask for a seating schedule: Players are the names (or, with Count, P1..PCount),
// over Rounds rounds.
type SeatingOptions struct {
	Players []string
	Count   int
	Rounds  int
}

// SeatingView is a schedule of tables of four over several rounds that keeps repeat meetings low
// (the document mjref season seating -o json prints, schema/season-seating.json).
type SeatingView struct {
	Players []string       `json:"players"`
	Rounds  []SeatingRound `json:"rounds"`
	// MostMeetings is the most times any two players share a table; LeastPossible the fewest that
	// any schedule of this size can have as its most (see Reason).
	MostMeetings  int `json:"most_meetings"`
	LeastPossible int `json:"least_possible"`
	// Meetings counts the pairs of players by how often they share a table: times 0, 1, 2, ...
	Meetings []SeatingCount `json:"meetings"`
	// Repeats are the pairs who share a table more than once.
	Repeats []SeatingPair `json:"repeats"`
	// SitOut is how many rounds each player sits out, when the players are not a multiple of four.
	SitOut map[string]int `json:"sit_out"`
	// Reason explains the least possible, and how the schedule was found.
	Reason []string `json:"reason"`
}

// SeatingRound is one round: its tables (four players each, the first sitting East) and who sits out.
type SeatingRound struct {
	Round  int        `json:"round"`
	Tables [][]string `json:"tables"`
	SitOut []string   `json:"sit_out"`
}

// SeatingCount is how many pairs of players share a table Times times.
type SeatingCount struct {
	Times int `json:"times"`
	Pairs int `json:"pairs"`
}

// SeatingPair is two players and how often they share a table.
type SeatingPair struct {
	Players [2]string `json:"players"`
	Times   int       `json:"times"`
}

// maxSeatingPlayers and maxSeatingRounds bound a schedule (the search is quadratic in players).
const (
	maxSeatingPlayers = 400
	maxSeatingRounds  = 50
)

// Seating makes a schedule of tables of four for the players over the rounds that keeps the most
// times any two meet as low as it can: round by round tables are improved by swapping players
// between them (a local search from a fixed seed, so the same question always gets the same
// schedule), lowering a cost that grows fourfold with each repeat of a pair and with each round a
// player sits out beyond the others.
func Seating(opt SeatingOptions) (SeatingView, error) {
	names := opt.Players
	if len(names) == 0 {
		for i := range opt.Count {
			names = append(names, "P"+strconv.Itoa(i+1))
		}
	}
	n, r := len(names), opt.Rounds
	switch {
	case n < 4:
		return SeatingView{}, family.Usagef("--players: a table needs four players, got %d", n)
	case n > maxSeatingPlayers:
		return SeatingView{}, family.Usagef("--players: at most %d players, got %d", maxSeatingPlayers, n)
	case r < 1 || r > maxSeatingRounds:
		return SeatingView{}, family.Usagef("--rounds: from 1 to %d rounds, got %d", maxSeatingRounds, r)
	}
	seen := map[string]bool{}
	for _, p := range names {
		if p == "" || seen[p] {
			return SeatingView{}, family.Usagef("--players: every player needs a name of their own (%q)", p)
		}
		seen[p] = true
	}
	s := newSeater(n, r)
	s.search()
	return s.view(names), nil
}

// seater holds a schedule: groups[round] are the tables (4 each) and last the players sitting out.
type seater struct {
	n, r, tables int
	groups       [][][]int
	meet         [][]int
	out          []int // rounds sat out
	pow          []int64
	rnd          *rand.Rand
}

func newSeater(n, r int) *seater {
	s := &seater{n: n, r: r, tables: n / 4, rnd: rand.New(rand.NewPCG(uint64(n), uint64(r)))}
	s.meet = make([][]int, n)
	for i := range s.meet {
		s.meet[i] = make([]int, n)
	}
	s.out = make([]int, n)
	s.pow = make([]int64, 2*r+4)
	s.pow[0] = 1
	for i := 1; i < len(s.pow); i++ {
		s.pow[i] = s.pow[i-1] * 4
		if s.pow[i] > 1<<50 {
			s.pow[i] = 1 << 50
		}
	}
	return s
}

// search builds the rounds one by one, each from a shuffle improved by swaps, then improves the
// whole schedule.
func (s *seater) search() {
	for range s.r {
		perm := s.rnd.Perm(s.n)
		var round [][]int
		for t := range s.tables {
			round = append(round, slices.Clone(perm[4*t:4*t+4]))
		}
		round = append(round, slices.Clone(perm[4*s.tables:]))
		s.groups = append(s.groups, round)
		s.apply(len(s.groups)-1, +1)
		s.improve([]int{len(s.groups) - 1}, 200*s.n)
	}
	all := make([]int, s.r)
	for i := range all {
		all[i] = i
	}
	s.improve(all, 400*s.n*s.r)
}

// apply adds (sign +1) or takes away (-1) round k's meetings and sit-outs.
func (s *seater) apply(k, sign int) {
	round := s.groups[k]
	for g, group := range round {
		if g == s.tables {
			for _, p := range group {
				s.out[p] += sign
			}
			continue
		}
		for i, a := range group {
			for _, b := range group[i+1:] {
				s.meet[a][b] += sign
				s.meet[b][a] += sign
			}
		}
	}
}

// move is the change of cost when player p leaves group from and joins group to (of one round),
// the other player q going the other way (q is not counted in p's new group).
func (s *seater) move(p, q int, from, to []int, fromOut, toOut bool) int64 {
	var d int64
	if !fromOut {
		for _, x := range from {
			if x != p {
				m := s.meet[p][x]
				d += s.pow[m-1] - s.pow[m]
			}
		}
	} else {
		d += s.pow[s.out[p]-1] - s.pow[s.out[p]]
	}
	if !toOut {
		for _, x := range to {
			if x != q {
				m := s.meet[p][x]
				d += s.pow[m+1] - s.pow[m]
			}
		}
	} else {
		d += s.pow[s.out[p]+1] - s.pow[s.out[p]]
	}
	return d
}

// improve swaps players between groups of the rounds given while the cost falls (or stays, half
// the time, to cross plateaus), for up to steps tries.
func (s *seater) improve(rounds []int, steps int) {
	groups := s.tables + 1
	if len(s.groups[0][s.tables]) == 0 {
		groups = s.tables // no one sits out
	}
	if groups < 2 {
		return
	}
	for range steps {
		k := rounds[s.rnd.IntN(len(rounds))]
		round := s.groups[k]
		ga, gb := s.rnd.IntN(groups), s.rnd.IntN(groups-1)
		if gb >= ga {
			gb++
		}
		A, B := round[ga], round[gb]
		ia, ib := s.rnd.IntN(len(A)), s.rnd.IntN(len(B))
		p, q := A[ia], B[ib]
		aOut, bOut := ga == s.tables, gb == s.tables
		d := s.move(p, q, A, B, aOut, bOut) + s.move(q, p, B, A, bOut, aOut)
		// p and q are counted with each other in neither move: they are apart before and after.
		if d > 0 || d == 0 && s.rnd.IntN(2) == 0 {
			continue
		}
		s.apply(k, -1)
		A[ia], B[ib] = q, p
		s.apply(k, +1)
	}
}

// view is the schedule with the names, its counts and its explanation.
func (s *seater) view(names []string) SeatingView {
	v := SeatingView{Players: names, Rounds: []SeatingRound{}, Meetings: []SeatingCount{}, Repeats: []SeatingPair{}, SitOut: map[string]int{}, Reason: []string{}}
	for k, round := range s.groups {
		sr := SeatingRound{Round: k + 1, Tables: [][]string{}, SitOut: []string{}}
		tables := slices.Clone(round[:s.tables])
		for i := range tables {
			tables[i] = slices.Clone(tables[i])
			slices.Sort(tables[i])
		}
		slices.SortFunc(tables, func(a, b []int) int { return a[0] - b[0] })
		for _, t := range tables {
			row := make([]string, len(t))
			for i, p := range t {
				row[i] = names[p]
			}
			sr.Tables = append(sr.Tables, row)
		}
		out := slices.Clone(round[s.tables])
		slices.Sort(out)
		for _, p := range out {
			sr.SitOut = append(sr.SitOut, names[p])
		}
		v.Rounds = append(v.Rounds, sr)
	}
	counts := map[int]int{}
	for a := range s.n {
		for b := a + 1; b < s.n; b++ {
			m := s.meet[a][b]
			counts[m]++
			v.MostMeetings = max(v.MostMeetings, m)
			if m > 1 {
				v.Repeats = append(v.Repeats, SeatingPair{Players: [2]string{names[a], names[b]}, Times: m})
			}
		}
	}
	for m := 0; m <= v.MostMeetings; m++ {
		if counts[m] > 0 {
			v.Meetings = append(v.Meetings, SeatingCount{Times: m, Pairs: counts[m]})
		}
	}
	if s.n%4 != 0 {
		for p := range s.n {
			v.SitOut[names[p]] = s.out[p]
		}
	}
	v.LeastPossible, v.Reason = leastMeetings(s.n, s.r)
	v.Reason = append(v.Reason, fmt.Sprintf("the schedule was found by swapping players between the tables of each round while the repeats fell (a fixed seed: the same players and rounds always give the same schedule); its most is %s", words.Count(v.MostMeetings, "meeting")))
	if v.MostMeetings > v.LeastPossible {
		v.Reason = append(v.Reason, fmt.Sprintf("that is one more than the least above: the search found no schedule whose most is %d, and none may exist (the least is what can be proved by counting, not always what a schedule can reach)", v.LeastPossible))
	}
	return v
}

// leastMeetings is the fewest times the most-met pair must meet in any schedule of n players over
// r rounds, and why.
func leastMeetings(n, r int) (int, []string) {
	tables := n / 4
	played := r * tables * 4 // player-rounds at a table
	// The player who plays most rounds plays at least ceil(played/n) of them, meeting 3 others
	// each, among n-1 others.
	most := (played + n - 1) / n
	perPlayer := (3*most + n - 2) / (n - 1)
	// And all pairs together: each table is 6 pairs.
	pairs := n * (n - 1) / 2
	all := (6*tables*r + pairs - 1) / pairs
	// And two rounds together: a table of the second round may take at most one player from each
	// table of the first (two would meet again), so with fewer than four tables the first round's
	// tables fill at most tables² of the second's 4×tables seats, and its sitters-out the rest.
	twice := 1
	if r >= 2 && 4*tables > tables*tables+n%4 {
		twice = 2
	}
	least := max(perPlayer, all, twice, 1)
	var why []string
	why = append(why, fmt.Sprintf("%d players make %s a round (%s)", n, words.Count(tables, "table"), sitOutText(n)))
	if twice > max(perPlayer, all) {
		why = append(why, fmt.Sprintf("in a second round each table may take at most one player from each table of the first, so the first round's %s %s at most %d of its %d seats and the %d sitting out cannot fill the rest: some pair meets at least twice", words.Count(tables, "table"), words.Verb(tables, "fills", "fill"), tables*tables, 4*tables, n%4))
	}
	if perPlayer > 1 {
		why = append(why, fmt.Sprintf("a player at a table meets 3 others: over %s, %d meetings among %d other players, so some pair meets at least %s", words.Count(most, "round"), 3*most, n-1, words.Count(perPlayer, "time")))
	}
	if all > perPlayer {
		why = append(why, fmt.Sprintf("%s a round make %d meetings of pairs over %s, among %d pairs, so some pair meets at least %s", words.Count(tables, "table"), 6*tables*r, words.Count(r, "round"), pairs, words.Count(all, "time")))
	}
	if least <= 1 {
		why = append(why, "nothing above forces a pair to meet twice")
	} else {
		why = append(why, fmt.Sprintf("no schedule keeps every pair under %s", words.Count(least, "meeting")))
	}
	return least, why
}

func sitOutText(n int) string {
	if n%4 == 0 {
		return "no one sits out"
	}
	return strings.TrimSpace(fmt.Sprintf("%s %s out each round", words.Count(n%4, "player"), words.Verb(n%4, "sits", "sit")))
}
