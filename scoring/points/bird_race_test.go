package points

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

func flowers(s string) []notation.BonusTile {
	if s == "" {
		return nil
	}
	return notation.MustParse(s).Bonus
}

func TestBirdLanding(t *testing.T) {
	noReturn := Default()
	noReturn.Bird.ReturnsToDiscarder = false
	for _, c := range []struct {
		name, source string
		flowers      [4]string // by seat E S W N
		discarder    notation.Seat
		rules        *Rules
		want         Landing
	}{
		{
			name: "next player first", source: "sheet: flies clockwise from next player",
			flowers: [4]string{"1f", "2f", "3f", "4f"}, discarder: notation.SeatEast, rules: Default(),
			want: Landing{Seat: notation.SeatSouth, Index: 0, Flower: notation.F1 + 1,
				Searched: []notation.Seat{notation.SeatSouth}},
		},
		{
			name: "wraps round past North", source: "sheet: flies clockwise until finding unboosted flower",
			flowers: [4]string{"1f", "", "", ""}, discarder: notation.SeatWest, rules: Default(),
			want: Landing{Seat: notation.SeatEast, Index: 0, Flower: notation.F1,
				Searched: []notation.Seat{notation.SeatNorth, notation.SeatEast}},
		},
		{
			name: "skips boosted flowers", source: "sheet: max 1 boost per flower",
			flowers: [4]string{"", "2f*", "3f* 7f", ""}, discarder: notation.SeatEast, rules: Default(),
			want: Landing{Seat: notation.SeatWest, Index: 1, Flower: notation.F1 + 6,
				Searched: []notation.Seat{notation.SeatSouth, notation.SeatWest}},
		},
		{
			name: "comes back to the discarder", source: "option bird.returns_to_discarder: true",
			flowers: [4]string{"1f*", "2f", "3f*", "4f*"}, discarder: notation.SeatSouth, rules: Default(),
			want: Landing{Seat: notation.SeatSouth, Index: 0, Flower: notation.F1 + 1,
				Searched: []notation.Seat{notation.SeatWest, notation.SeatNorth, notation.SeatEast, notation.SeatSouth}},
		},
		{
			name: "does not come back", source: "option bird.returns_to_discarder: false",
			flowers: [4]string{"1f*", "2f", "3f*", "4f*"}, discarder: notation.SeatSouth, rules: noReturn,
			want: Landing{Centre: true, Seat: notation.NoSeat, Index: -1,
				Searched: []notation.Seat{notation.SeatWest, notation.SeatNorth, notation.SeatEast}},
		},
		{
			name: "no flowers at all", source: "sheet: no available flowers - discard to center (can be called)",
			discarder: notation.SeatNorth, rules: Default(),
			want: Landing{Centre: true, Seat: notation.NoSeat, Index: -1,
				Searched: []notation.Seat{notation.SeatEast, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			var fs [4][]notation.BonusTile
			for i, s := range c.flowers {
				fs[i] = flowers(s)
			}
			got, err := BirdLanding(fs, c.discarder, c.rules)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("landing (-want +got):\n%s\nsource: %s", diff, c.source)
			}
		})
	}
}

func TestBirdLandingString(t *testing.T) {
	for _, c := range []struct {
		name string
		l    Landing
		want string
	}{
		{"flower", Landing{Seat: notation.SeatSouth, Flower: notation.F1 + 1}, "lands on S's 2f, now 2f*"},
		{"centre", Landing{Centre: true}, "no unboosted flower: to the centre, may be claimed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, c.l.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestBirdLandingErrors(t *testing.T) {
	var fs [4][]notation.BonusTile
	for _, c := range []struct {
		name      string
		fs        [4][]notation.BonusTile
		discarder notation.Seat
		rules     *Rules
	}{
		{"no seat", fs, notation.NoSeat, Default()},
		{"no rules", fs, notation.SeatEast, nil},
		{"not a flower", [4][]notation.BonusTile{{{Tile: notation.M1}}}, notation.SeatEast, Default()},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := BirdLanding(c.fs, c.discarder, c.rules); !errors.Is(err, scoring.ErrImpossible) {
				t.Errorf("error = %v, want ErrImpossible", err)
			}
		})
	}
}

func TestRace(t *testing.T) {
	type hand struct {
		points  [4]int
		mahjong notation.Seat
	}
	for _, c := range []struct {
		name  string
		ties  TieRule
		hands []hand
		want  Standings // after the last hand
	}{
		{
			name: "nobody there yet", ties: TiesPlayOn,
			hands: []hand{{[4]int{2700, -400, 300, 1800}, notation.SeatEast}},
			want:  Standings{Hand: 1, Points: [4]int{2700, -400, 300, 1800}, Totals: [4]int{2700, -400, 300, 1800}, Mahjong: notation.SeatEast},
		},
		{
			name: "first to the target", ties: TiesPlayOn,
			hands: []hand{
				{[4]int{5000, 0, 0, 0}, notation.SeatEast},
				{[4]int{5000, 9000, 200, 0}, notation.SeatSouth},
			},
			want: Standings{Hand: 2, Points: [4]int{5000, 9000, 200, 0}, Totals: [4]int{10000, 9000, 200, 0},
				Mahjong: notation.SeatSouth, Reached: []notation.Seat{notation.SeatEast},
				Winners: []notation.Seat{notation.SeatEast}, Over: true},
		},
		{
			name: "two past the target: highest wins", ties: TiesPlayOn,
			hands: []hand{{[4]int{10200, 10400, 0, 0}, notation.SeatEast}},
			want: Standings{Hand: 1, Points: [4]int{10200, 10400, 0, 0}, Totals: [4]int{10200, 10400, 0, 0},
				Mahjong: notation.SeatEast, Reached: []notation.Seat{notation.SeatSouth, notation.SeatEast},
				Winners: []notation.Seat{notation.SeatSouth}, Over: true},
		},
		{
			name: "tie plays on", ties: TiesPlayOn,
			hands: []hand{{[4]int{10200, 10200, 0, 0}, notation.SeatEast}},
			want: Standings{Hand: 1, Points: [4]int{10200, 10200, 0, 0}, Totals: [4]int{10200, 10200, 0, 0},
				Mahjong: notation.SeatEast, Reached: []notation.Seat{notation.SeatEast, notation.SeatSouth},
				Note: "tie at the top: play another hand (ties: play-on)"},
		},
		{
			name: "tie played on then broken", ties: TiesPlayOn,
			hands: []hand{
				{[4]int{10200, 10200, 0, 0}, notation.SeatEast},
				{[4]int{-200, 300, 2700, 100}, notation.SeatWest},
			},
			want: Standings{Hand: 2, Points: [4]int{-200, 300, 2700, 100}, Totals: [4]int{10000, 10500, 2700, 100},
				Mahjong: notation.SeatWest, Reached: []notation.Seat{notation.SeatSouth, notation.SeatEast},
				Winners: []notation.Seat{notation.SeatSouth}, Over: true},
		},
		{
			name: "tie shared", ties: TiesShared,
			hands: []hand{{[4]int{10200, 10200, 0, 0}, notation.SeatEast}},
			want: Standings{Hand: 1, Points: [4]int{10200, 10200, 0, 0}, Totals: [4]int{10200, 10200, 0, 0},
				Mahjong: notation.SeatEast, Reached: []notation.Seat{notation.SeatEast, notation.SeatSouth},
				Winners: []notation.Seat{notation.SeatEast, notation.SeatSouth}, Over: true,
				Note: "tie at the top shared (ties: shared)"},
		},
		{
			name: "tie to the Mahjong player", ties: TiesMahjong,
			hands: []hand{{[4]int{10200, 10200, 0, 0}, notation.SeatSouth}},
			want: Standings{Hand: 1, Points: [4]int{10200, 10200, 0, 0}, Totals: [4]int{10200, 10200, 0, 0},
				Mahjong: notation.SeatSouth, Reached: []notation.Seat{notation.SeatEast, notation.SeatSouth},
				Winners: []notation.Seat{notation.SeatSouth}, Over: true,
				Note: "tie at the top goes to the player who went Mahjong (ties: mahjong)"},
		},
		{
			name: "tie without the Mahjong player plays on", ties: TiesMahjong,
			hands: []hand{{[4]int{10200, 10200, 0, 0}, notation.SeatWest}},
			want: Standings{Hand: 1, Points: [4]int{10200, 10200, 0, 0}, Totals: [4]int{10200, 10200, 0, 0},
				Mahjong: notation.SeatWest, Reached: []notation.Seat{notation.SeatEast, notation.SeatSouth},
				Note: "tie at the top: play another hand (ties: mahjong)"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Default()
			r.Race.Ties = c.ties
			rc := NewRace(r)
			var got Standings
			for i, h := range c.hands {
				var err error
				if got, err = rc.Add(h.points, h.mahjong); err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("standings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.want.Over, rc.Over()); diff != "" {
				t.Errorf("Over (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRaceOver(t *testing.T) {
	rc := NewRace(Default())
	if _, err := rc.Add([4]int{10000, 0, 0, 0}, notation.SeatEast); err != nil {
		t.Fatal(err)
	}
	if _, err := rc.Add([4]int{100, 0, 0, 0}, notation.SeatEast); !errors.Is(err, ErrGameOver) {
		t.Errorf("error = %v, want ErrGameOver", err)
	}
	bad := &Race{}
	if _, err := bad.Add([4]int{}, notation.SeatEast); !errors.Is(err, scoring.ErrImpossible) {
		t.Errorf("zero target: error = %v, want ErrImpossible", err)
	}
}

func TestStandingsString(t *testing.T) {
	for _, c := range []struct {
		name string
		s    Standings
		want string
	}{
		{"running", Standings{Hand: 3, Points: [4]int{2700, -400, 300, 1800}, Totals: [4]int{9100, 3200, 300, 1800}},
			"hand 3: E +2700 (9100) S -400 (3200) W +300 (300) N +1800 (1800)"},
		{"won", Standings{Hand: 4, Totals: [4]int{10100}, Over: true, Winners: []notation.Seat{notation.SeatEast}},
			"hand 4: E 0 (10100) S 0 (0) W 0 (0) N 0 (0): E wins"},
		{"shared", Standings{Hand: 4, Over: true, Winners: []notation.Seat{notation.SeatEast, notation.SeatWest}, Note: "shared"},
			"hand 4: E 0 (0) S 0 (0) W 0 (0) N 0 (0): E and W win (shared)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, c.s.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestScoreTable(t *testing.T) {
	hands := [4]*notation.Hand{}
	for i, s := range []string{
		"123m456p777z99p5m8s 3f*",
		"123m456m789p111z55s",
		"22m55m88m22p55p88p1z",
		"11m55m99p22s33s777z",
	} {
		h := notation.MustParse(s)
		hands[i] = &h
	}
	res, pts, err := ScoreTable(hands, notation.SeatSouth, scoring.SelfDraw, Default())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([4]int{2050, 2700, 300, -600}, pts); diff != "" {
		t.Errorf("points (-want +got):\n%s", diff)
	}
	var readings [4]Reading
	for i, r := range res {
		readings[i] = r.Reading
	}
	if diff := cmp.Diff([4]Reading{WithSets, Standard, AllPairs, WithSets}, readings); diff != "" {
		t.Errorf("readings (-want +got):\n%s", diff)
	}
	for _, c := range []struct {
		name    string
		hands   [4]*notation.Hand
		mahjong notation.Seat
	}{
		{"no winner", hands, notation.NoSeat},
		{"missing hand", [4]*notation.Hand{hands[0], nil, hands[2], hands[3]}, notation.SeatEast},
		{"winner is not a win", hands, notation.SeatWest},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, _, err := ScoreTable(c.hands, c.mahjong, scoring.SelfDraw, Default()); err == nil {
				t.Error("no error")
			}
		})
	}
}
