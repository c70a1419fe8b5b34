package referee

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
)

func TestParseFamilyEvents(t *testing.T) {
	u := Unknown
	checkParse(t, []parseCase{
		{"charleston named", "E charleston 1m2m3z", Event{Seat: notation.SeatEast, Verb: VerbCharleston, Tiles: tiles("1m2m3z")}},
		{"charleston unseen", "S charleston", Event{Seat: notation.SeatSouth, Verb: VerbCharleston}},
		{"charleston partly seen", "S charleston 1m??", Event{Seat: notation.SeatSouth, Verb: VerbCharleston, Tiles: []notation.Tile{notation.M1, u, u}}},
		{"blind pass of all three", "N charleston blind", Event{Seat: notation.SeatNorth, Verb: VerbCharleston, Blind: 3}},
		{"blind pass of two", "N charleston 9p blind 2", Event{Seat: notation.SeatNorth, Verb: VerbCharleston, Tiles: tiles("9p"), Blind: 2}},
		{"blind pass of one, two unseen", "N charleston blind 1", Event{Seat: notation.SeatNorth, Verb: VerbCharleston, Blind: 1}},
		{"courtesy none", "W courtesy", Event{Seat: notation.SeatWest, Verb: VerbCourtesy}},
		{"courtesy two unseen", "W courtesy ??", Event{Seat: notation.SeatWest, Verb: VerbCourtesy, Tiles: []notation.Tile{u, u}}},
		{"pong with a joker", "W pong 5pJ", Event{Seat: notation.SeatWest, Verb: VerbPong, Tiles: tiles("5p"), Jokers: 1}},
		{"kong written in full", "W kong 5p5pJJ", Event{Seat: notation.SeatWest, Verb: VerbKong, Tiles: tiles("5p"), Jokers: 2}},
		{"quint", "N quint 1zJJ", Event{Seat: notation.SeatNorth, Verb: VerbQuint, Tiles: tiles("1z"), Jokers: 2}},
		{"sextet", "N sextet 1z1zJJJJ", Event{Seat: notation.SeatNorth, Verb: VerbSextet, Tiles: tiles("1z"), Jokers: 4}},
		{"pair", "N pair 7z", Event{Seat: notation.SeatNorth, Verb: VerbPair, Tiles: tiles("7z")}},
		{"exchange", "E exchange 5p", Event{Seat: notation.SeatEast, Verb: VerbExchange, Tiles: tiles("5p"), From: notation.NoSeat}},
		{"exchange from a seat", "E exchange 5p W", Event{Seat: notation.SeatEast, Verb: VerbExchange, Tiles: tiles("5p"), From: notation.SeatWest}},
		{"redeem alias", "E redeem 5p", Event{Seat: notation.SeatEast, Verb: VerbExchange, Tiles: tiles("5p"), From: notation.NoSeat}},
		{"misnamed", "E misnamed 9p 4z", Event{Seat: notation.SeatEast, Verb: VerbMisnamed, Tiles: tiles("9p4z")}},
	})
}

func TestParseFamilyEventErrors(t *testing.T) {
	checkParseErrors(t, []parseErrCase{
		{"charleston of two", "E charleston 1m2m", "three tiles"},
		{"courtesy of four", "E courtesy 1m2m3m4m", "up to three"},
		{"pong of jokers only", "W pong JJ", "names the discarded tile"},
		{"pong of four", "W pong 5pJJJ", "a pong has 3"},
		{"exchange of a joker", "E exchange J", "natural tile"},
		{"exchange from nowhere", "E exchange 5p X", "the seat whose exposure"},
		{"misnamed one tile", "E misnamed 9p", "named as"},
		{"discard unseen", "E discard ?", "always seen"},
		{"blind of four", "N charleston blind 4", "1 to 3"},
		{"blind and too many tiles", "N charleston 9p9s blind 2", "more than the three"},
		{"blind before the tiles", "N charleston blind 2 9p", "tiles from the hand first"},
	})
}

// TestCharlestonDirections checks where each of the six passes goes from East, under both play
// directions and both second-Charleston options.
func TestCharlestonDirections(t *testing.T) {
	tests := []struct {
		name  string
		rules gamerules.Referee
		want  []notation.Seat
	}{
		{"clockwise, second reversed", gamerules.Referee{}, []notation.Seat{notation.SeatSouth, notation.SeatWest, notation.SeatNorth, notation.SeatNorth, notation.SeatWest, notation.SeatSouth}},
		{"clockwise, second the same", gamerules.Referee{SecondCharleston: gamerules.CharlestonSame}, []notation.Seat{notation.SeatSouth, notation.SeatWest, notation.SeatNorth, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}},
		{"counterclockwise", gamerules.Referee{Direction: gamerules.DirCounterclockwise}, []notation.Seat{notation.SeatNorth, notation.SeatWest, notation.SeatSouth, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := American(nil, nil, nil, &tt.rules)
			g := newAmGame(&Log{}, d, d.Flow.(*americanFlow))
			var got []notation.Seat
			for k := range 6 {
				got = append(got, g.toward(notation.SeatEast, g.passDir(k)))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("passes from E (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGiveUnseen: tiles passed unseen may be any but jokers, so each seen tile is still held at
// least known-k times and the rest of the hand becomes unseen.
func TestGiveUnseen(t *testing.T) {
	st := seatState{known: notation.CountsOf(notation.M1, notation.M1+1, notation.M1+2, notation.P1, notation.P1, notation.P1, notation.P1, notation.Joker), unknown: 6}
	giveUnseen(&st, 3)
	want := notation.CountsOf(notation.P1, notation.Joker)
	if st.known != want || st.unknown != 9 {
		t.Errorf("after an unseen pass of 3: known %v unknown %d, want %v and 9", st.known, st.unknown, want)
	}
}

// TestPassSome: n of the offered tiles move without the log saying which; a tile is known to move
// (or to stay) only when more of it were offered than can stay (or move).
func TestPassSome(t *testing.T) {
	g := &amGame{}
	g.seats[notation.SeatEast] = seatState{known: notation.CountsOf(notation.East, notation.East, notation.P1+8), unknown: 11}
	g.seats[notation.SeatWest] = seatState{unknown: 13}
	if p := g.passSome(notation.SeatEast, notation.SeatWest, []notation.Tile{notation.East, notation.East, notation.P1 + 8}, 2); p != "" {
		t.Fatal(p)
	}
	e, w := g.seats[notation.SeatEast], g.seats[notation.SeatWest]
	if e.known != (notation.Counts{}) || e.unknown != 12 {
		t.Errorf("E keeps one of 1z 1z 9p unseen: known %v unknown %d", e.known, e.unknown)
	}
	if w.known != notation.CountsOf(notation.East) || w.unknown != 14 {
		t.Errorf("W certainly gets one 1z: known %v unknown %d", w.known, w.unknown)
	}
}
