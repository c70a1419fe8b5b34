package referee

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// fullSet lists the 144 tiles: four of each playing tile and the eight flowers and seasons.
func fullSet() []notation.Tile {
	ts := make([]notation.Tile, 0, 144)
	for t := notation.Tile(1); t <= notation.Red; t++ {
		ts = append(ts, t, t, t, t)
	}
	for t := notation.F1; t < notation.Flower; t++ {
		ts = append(ts, t)
	}
	return ts
}

// sim plays a legal hand at random and writes its log: a shuffled set, the deal written before
// flower replacement, then draws, flowers, concealed kongs, discards and pong or chow claims.
type sim struct {
	t      *rapid.T
	hands  [4]notation.Counts
	wall   []notation.Tile
	events []string
	melds  [4]int
	// winners are the seats that took the win, in the order the replay must report them; win is how.
	winners []notation.Seat
	win     scoring.WinKind
}

// wins reports whether seat x's concealed tiles (plus extra, if any) complete a hand.
func (s *sim) wins(x notation.Seat, extra notation.Tile) bool {
	c := s.hands[x]
	if extra != notation.NoTile {
		c[extra]++
	}
	return c.Total()+3*s.melds[x] == 14 && complete(c)
}

func (s *sim) emit(f string, args ...any) { s.events = append(s.events, fmt.Sprintf(f, args...)) }

// replace lays out every flower seat x holds, drawing replacements from the back. It reports false
// when the wall ran out.
func (s *sim) replace(x notation.Seat) bool {
	for {
		f := notation.NoTile
		for t := notation.F1; t < notation.Flower; t++ {
			if s.hands[x][t] > 0 {
				f = t
				break
			}
		}
		if f == notation.NoTile {
			return true
		}
		if len(s.wall) == 0 {
			return false
		}
		s.hands[x][f]--
		s.emit("%s flower %s", x, f)
		t := s.wall[len(s.wall)-1]
		s.wall = s.wall[:len(s.wall)-1]
		s.hands[x][t]++
		s.emit("%s draw %s", x, t)
	}
}

func (s *sim) pick(x notation.Seat, label string) notation.Tile {
	ts := s.hands[x].Tiles()
	return rapid.SampledFrom(ts).Draw(s.t, label)
}

func simulate(t *rapid.T) (*Log, *sim) {
	lg, s := play(t)
	for i, text := range s.events {
		var ev Event
		if rest, ok := strings.CutPrefix(text, "claims: "); ok {
			ev = Event{Seat: notation.NoSeat, Verb: VerbClaims, Text: text}
			for _, c := range splitClaims(rest) {
				ce, err := ParseEvent(c)
				if err != nil {
					t.Fatalf("%q: %v", c, err)
				}
				ce.N = i + 1
				ev.Claims = append(ev.Claims, ce)
			}
		} else {
			var err error
			if ev, err = ParseEvent(text); err != nil {
				t.Fatalf("%q: %v", text, err)
			}
		}
		ev.N = i + 1
		lg.Events = append(lg.Events, ev)
	}
	return lg, s
}

func play(t *rapid.T) (*Log, *sim) {
	set := fullSet()
	order := rapid.Permutation(set).Draw(t, "shuffle")
	s := &sim{t: t}
	n := 0
	for _, x := range notation.Seats {
		k := 13
		if x == notation.SeatEast {
			k = 14
		}
		for _, tl := range order[n : n+k] {
			s.hands[x][tl]++
		}
		n += k
	}
	s.wall = slices.Clone(order[n:])
	lg := &Log{Ruleset: "hk", Dealer: notation.SeatEast, Prevailing: notation.SeatEast, Wall: slices.Clone(s.wall)}
	for _, x := range notation.Seats {
		h := notation.Hand{}
		for tl, c := range s.hands[x] {
			if notation.Tile(tl).IsBonus() {
				for range c {
					h.Bonus = append(h.Bonus, notation.BonusTile{Tile: notation.Tile(tl)})
				}
				continue
			}
			h.Concealed[tl] = c
		}
		lg.Hands[x] = &SeatHand{Hand: h}
	}
	for _, x := range notation.Seats {
		if !s.replace(x) {
			return lg, s
		}
	}
	turn, mustDraw, claimed := notation.SeatEast, false, false
	discards := 0
	selfDraw := func(how scoring.WinKind) bool {
		if s.wins(turn, notation.NoTile) && rapid.Bool().Draw(t, "self-draw") {
			s.emit("%s win", turn)
			s.winners, s.win = []notation.Seat{turn}, how
			return true
		}
		return false
	}
	steps := rapid.IntRange(1, 120).Draw(t, "steps")
	for range steps {
		if mustDraw {
			if len(s.wall) == 0 {
				break
			}
			tl := s.wall[0]
			s.wall = s.wall[1:]
			s.hands[turn][tl]++
			s.emit("%s draw %s", turn, tl)
			how := scoring.SelfDraw
			if tl.IsBonus() {
				how = scoring.FlowerReplacement
			}
			if !s.replace(turn) {
				break
			}
			if selfDraw(how) {
				return lg, s
			}
		}
		// A concealed kong now and then (never right after a claim: then the seat discards at once).
		for tl := notation.Tile(1); tl <= notation.Red && !claimed; tl++ {
			if s.hands[turn][tl] == 4 && len(s.wall) > 0 && rapid.Bool().Draw(t, "kong") {
				s.hands[turn][tl] = 0
				s.melds[turn]++
				s.emit("%s concealed-kong %s", turn, tl)
				r := s.wall[len(s.wall)-1]
				s.wall = s.wall[:len(s.wall)-1]
				s.hands[turn][r]++
				s.emit("%s draw %s", turn, r)
				if !s.replace(turn) {
					return lg, s
				}
				if selfDraw(scoring.KongReplacement) {
					return lg, s
				}
				break
			}
		}
		d := s.pick(turn, "discard")
		s.hands[turn][d]--
		s.emit("%s discard %s", turn, d)
		discards++
		// Wins on the discard: every seat that can may claim it; the nearest after the discarder takes it.
		var wins []string
		for x := turn.Next(); x != turn; x = x.Next() {
			if s.wins(x, d) && rapid.Bool().Draw(t, "win") {
				wins = append(wins, x.String()+" win "+d.String())
				s.winners = append(s.winners, x)
			}
		}
		if len(wins) > 0 {
			s.emit("claims: %s", strings.Join(wins, ", "))
			s.winners = s.winners[:1]
			s.hands[s.winners[0]][d]++
			s.win = scoring.Discard
			if discards == 1 {
				s.win = scoring.Earthly // the dealer's first discard, before any claim
			}
			return lg, s
		}
		// Claims: a pong by whoever holds a pair, a chow by the next seat.
		var claims []string
		ponger, chow := notation.NoSeat, notation.NoTile
		for _, x := range notation.Seats {
			if x != turn && s.hands[x][d] >= 2 && rapid.Bool().Draw(t, "pong") {
				ponger = x
				claims = append(claims, fmt.Sprintf("%s pong %s", x, d))
			}
		}
		next := turn.Next()
		if d.IsSuited() && ponger != next {
			for lo := d - 2; lo <= d; lo++ {
				if lo.IsSuited() && (lo + 2).IsSuited() && lo.Suit() == d.Suit() && (lo+2).Suit() == d.Suit() {
					need := notation.CountsOf(lo, lo+1, lo+2)
					need[d]--
					ok := true
					for tl, c := range need {
						if s.hands[next][tl] < c {
							ok = false
						}
					}
					if ok && rapid.Bool().Draw(t, "chow") {
						chow = lo
						claims = append(claims, fmt.Sprintf("%s chow %s", next, notation.FormatTiles([]notation.Tile{lo, lo + 1, lo + 2})))
						break
					}
				}
			}
		}
		switch len(claims) {
		case 0:
			turn, mustDraw, claimed = next, true, false
			continue
		case 1:
			s.emit("%s", claims[0])
		default:
			s.emit("claims: %s", claims[0]+", "+claims[1])
		}
		switch {
		case ponger != notation.NoSeat:
			s.hands[ponger][d] -= 2
			s.melds[ponger]++
			turn = ponger
		default:
			for tl := chow; tl < chow+3; tl++ {
				if tl != d {
					s.hands[next][tl]--
				}
			}
			s.melds[next]++
			turn = next
		}
		mustDraw, claimed = false, true
	}
	return lg, s
}

// TestReplayOfLegalPlayIsLegal: a hand played by the rules, every tile seen, is ruled legal at every
// step, and the replay ends with the simulation's hands and wall.
func TestReplayOfLegalPlayIsLegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lg, s := simulate(t)
		r := mustReplay(t, lg, testDeps())
		if !r.Legal() {
			t.Fatalf("illegal rulings in legal play: %v\nevents: %v", r.Illegal(), s.events)
		}
		var want, got [4]string
		for _, x := range notation.Seats {
			want[x] = s.hands[x].String()
			got[x] = r.Seats[x].Concealed
			if r.Seats[x].Unknown != 0 {
				t.Fatalf("%s has %d unseen tiles in a log where every tile is seen", x, r.Seats[x].Unknown)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("concealed tiles (-sim +replay):\n%s\nevents: %v", diff, s.events)
		}
		if r.Wall != len(s.wall) {
			t.Fatalf("wall %d, the simulation has %d", r.Wall, len(s.wall))
		}
		if len(s.winners) > 0 {
			res := r.Result
			if res.Outcome != OutcomeWin || res.Winner != s.winners[0] || res.Context.Win != s.win {
				t.Fatalf("result %s %s %v, the simulation has %s winning (%s)\nevents: %v", res.Outcome, res.Winner, res.Context, s.winners[0], s.win, s.events)
			}
		}
	})
}

// TestReplayConservesTiles: whatever the events (legal or not), a replay never creates or loses a tile.
func TestReplayConservesTiles(t *testing.T) {
	verbs := []Verb{VerbDraw, VerbDiscard, VerbChow, VerbPong, VerbKong, VerbAddKong, VerbConcealedKong, VerbFlower, VerbWin, VerbPass}
	rapid.Check(t, func(t *rapid.T) {
		lg, _ := simulate(t)
		// Hide some hands and the wall, and then append random events.
		for _, x := range notation.Seats {
			if rapid.Bool().Draw(t, "hide") {
				lg.Hands[x] = nil
			}
		}
		if rapid.Bool().Draw(t, "hide wall") {
			lg.Wall = nil
		}
		if rapid.Bool().Draw(t, "mid-hand") {
			lg.Start = &Start{Wall: rapid.IntRange(-1, 60).Draw(t, "start wall")}
			lg.Wall = nil
		}
		n := rapid.IntRange(0, 60).Draw(t, "random events")
		for i := range n {
			v := rapid.SampledFrom(verbs).Draw(t, "verb")
			e := Event{N: len(lg.Events) + 1, Seat: notation.Seat(rapid.IntRange(0, 3).Draw(t, "seat")), Verb: v, Text: fmt.Sprint(i)}
			tl := notation.Tile(rapid.IntRange(1, 42).Draw(t, "tile"))
			switch v {
			case VerbChow:
				lo := notation.Tile(rapid.IntRange(1, 7).Draw(t, "chow"))
				e.Tiles = []notation.Tile{lo, lo + 1, lo + 2}
			case VerbFlower:
				e.Tiles = []notation.Tile{notation.F1 + notation.Tile(rapid.IntRange(0, 7).Draw(t, "flower"))}
			case VerbDraw, VerbWin:
				if rapid.Bool().Draw(t, "seen") {
					e.Tiles = []notation.Tile{tl}
				}
			case VerbPass:
			default:
				e.Tiles = []notation.Tile{tl}
			}
			if rapid.IntRange(0, 9).Draw(t, "claims?") == 0 {
				e = Event{N: e.N, Seat: notation.NoSeat, Verb: VerbClaims, Claims: []Event{e}}
			}
			lg.Events = append(lg.Events, e)
		}
		deps := testDeps()
		if rapid.Bool().Draw(t, "all win") {
			deps.Rules.MultipleWins = "all"
		}
		deps.Rules.MissedWinLock = rapid.Bool().Draw(t, "missed-win lock")
		deps.Rules.DeadWall = rapid.SampledFrom([]int{0, 0, 14}).Draw(t, "dead wall")
		g := newGame(lg, deps)
		want := g.tiles()
		if lg.Start == nil && want != 144 {
			t.Fatalf("%d tiles at the start", want)
		}
		stepCounting(t, g, lg, want, nil)
	})
}
