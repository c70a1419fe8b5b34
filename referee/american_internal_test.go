package referee

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
)

func TestParseFamilyEvents(t *testing.T) {
	u := Unknown
	checkParse(t, []parseCase{
		{"charleston named", "E charleston 1m2m3z", Event{Seat: notation.SeatEast, Verb: VerbCharleston, Tiles: tiles("1m2m3z")}},
		{"charleston unseen", "S charleston", Event{Seat: notation.SeatSouth, Verb: VerbCharleston}},
		{"charleston partly seen", "S charleston 1m??", Event{Seat: notation.SeatSouth, Verb: VerbCharleston, Tiles: []notation.Tile{notation.M1, u, u}}},
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
	})
}

// TestCharlestonDirections checks where each of the six passes goes from East, under both play
// directions and both second-Charleston options.
func TestCharlestonDirections(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		want  []notation.Seat
	}{
		{"clockwise, second reversed", Rules{}, []notation.Seat{notation.SeatSouth, notation.SeatWest, notation.SeatNorth, notation.SeatNorth, notation.SeatWest, notation.SeatSouth}},
		{"clockwise, second the same", Rules{SecondCharleston: CharlestonSame}, []notation.Seat{notation.SeatSouth, notation.SeatWest, notation.SeatNorth, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}},
		{"counterclockwise", Rules{Direction: DirCounterclockwise}, []notation.Seat{notation.SeatNorth, notation.SeatWest, notation.SeatSouth, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}},
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
