package ledger

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
)

// seat is what the test checks about one hand: who deals, each player's seat wind, the wind.
type seat struct {
	Hand       int
	Dealer     string
	Seats      string // Ann Ben Cat Dan, e.g. "ESWN"
	Prevailing notation.Seat
	Repeat     int
}

func seatsOf(s [4]notation.Seat) string {
	b := make([]byte, 4)
	for i, x := range s {
		b[i] = x.String()[0]
	}
	return string(b)
}

// TestHongKongSixteenHands plays a whole 16-hand Hong Kong game with dealer repeats after a win and
// after a drawn hand, the deal passing round the table twice and into the West round, and checks
// every hand seat by seat and the totals after it.
func TestHongKongSixteenHands(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{Kind: gamerules.Hands, N: 16}))
	steps := []struct {
		name   string
		hand   Hand
		before seat
		after  [4]Amount
	}{
		{"dealer self-draw repeats", self("Ann", 3), seat{1, "Ann", "ESWN", notation.SeatEast, 0}, totals(12, -4, -4, -4)},
		{"drawn hand repeats", drawn(), seat{2, "Ann", "ESWN", notation.SeatEast, 1}, totals(12, -4, -4, -4)},
		{"South wins, deal passes", win("Ben", "Ann", 5), seat{3, "Ann", "ESWN", notation.SeatEast, 2}, totals(-24, 32, -4, -4)},
		{"Ben deals", self("Cat", 4), seat{4, "Ben", "NESW", notation.SeatEast, 0}, totals(-32, 24, 20, -12)},
		{"Cat deals and wins", win("Cat", "Dan", 3), seat{5, "Cat", "WNES", notation.SeatEast, 0}, totals(-32, 24, 32, -24)},
		{"Cat repeats once", win("Ann", "Cat", 6), seat{6, "Cat", "WNES", notation.SeatEast, 1}, totals(16, 24, -16, -24)},
		{"Dan deals last in the East round", win("Ben", "Ann", 3), seat{7, "Dan", "SWNE", notation.SeatEast, 0}, totals(4, 36, -16, -24)},
		{"South round starts with Ann", drawn(), seat{8, "Ann", "ESWN", notation.SeatSouth, 0}, totals(4, 36, -16, -24)},
		{"Dan self-draws 7", self("Dan", 7), seat{9, "Ann", "ESWN", notation.SeatSouth, 1}, totals(-20, 12, -40, 48)},
		{"Ben deals and wins 8", win("Ben", "Cat", 8), seat{10, "Ben", "NESW", notation.SeatSouth, 0}, totals(-20, 108, -136, 48)},
		{"Ben wins again by self-draw", self("Ben", 3), seat{11, "Ben", "NESW", notation.SeatSouth, 1}, totals(-24, 120, -140, 44)},
		{"Cat wins the limit", win("Cat", "Dan", 10), seat{12, "Ben", "NESW", notation.SeatSouth, 2}, totals(-24, 120, 52, -148)},
		{"Cat deals", win("Ann", "Ben", 4), seat{13, "Cat", "WNES", notation.SeatSouth, 0}, totals(0, 96, 52, -148)},
		{"Dan deals and wins", win("Dan", "Ann", 5), seat{14, "Dan", "SWNE", notation.SeatSouth, 0}, totals(-36, 96, 52, -112)},
		{"Cat self-draws 9", self("Cat", 9), seat{15, "Dan", "SWNE", notation.SeatSouth, 1}, totals(-84, 48, 196, -160)},
		{"West round, last hand", win("Ben", "Dan", 3), seat{16, "Ann", "ESWN", notation.SeatWest, 0}, totals(-84, 60, 196, -172)},
	}
	for _, st := range steps {
		s := l.State()
		got := seat{s.Hand, s.Dealer, seatsOf(s.Seats), s.Prevailing, s.Repeat}
		if diff := cmp.Diff(st.before, got); diff != "" {
			t.Fatalf("%s: position before the hand (-want +got):\n%s", st.name, diff)
		}
		if s.Over {
			t.Fatalf("%s: game over too early: %s", st.name, s.Reason)
		}
		e, err := l.Add(st.hand)
		if err != nil {
			t.Fatalf("%s: Add: %v", st.name, err)
		}
		if diff := cmp.Diff(st.after, e.Totals); diff != "" {
			t.Errorf("%s: totals (-want +got):\n%s", st.name, diff)
		}
		if e.Dealer != st.before.Dealer || seatsOf(e.Seats) != st.before.Seats || e.Prevailing != st.before.Prevailing {
			t.Errorf("%s: entry records dealer %s seats %s wind %s", st.name, e.Dealer, seatsOf(e.Seats), e.Prevailing)
		}
	}
	s := l.State()
	want := struct {
		Over   bool
		Reason string
		Next   seat
		Round  int
		Played int
	}{true, "16 hands played", seat{17, "Ben", "NESW", notation.SeatWest, 0}, 3, 16}
	got := want
	got.Over, got.Reason, got.Round, got.Played = s.Over, s.Reason, s.Round, s.Played
	got.Next = seat{s.Hand, s.Dealer, seatsOf(s.Seats), s.Prevailing, s.Repeat}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("end of game (-want +got):\n%s", diff)
	}
	if _, err := l.Add(drawn()); err == nil {
		t.Errorf("Add after the end: no error")
	}
	// The record alone gives the same game.
	r, err := Read(path)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if diff := cmp.Diff(s, r, cmp.AllowUnexported(State{}, Entry{}, change{})); diff != "" {
		t.Errorf("replayed state differs (-live +replayed):\n%s", diff)
	}
}

func TestFourRoundsEndAfterNorthRound(t *testing.T) {
	l, _ := newGame(t, hkHeader(gamerules.Length{Kind: gamerules.Rounds, N: 4}))
	// Every hand is won by the player after the dealer, so the deal passes each time: 16 hands.
	for n := 1; n <= 16; n++ {
		s := l.State()
		if s.Over {
			t.Fatalf("over before hand %d: %s", n, s.Reason)
		}
		wantWind := notation.Seat((n - 1) / 4)
		if s.Prevailing != wantWind || s.Round != (n-1)/4+1 {
			t.Fatalf("hand %d: wind %s round %d, want %s round %d", n, s.Prevailing, s.Round, wantWind, (n-1)/4+1)
		}
		next := players[(s.Index(s.Dealer)+1)%4]
		if _, err := l.Add(win(next, s.Dealer, 3)); err != nil {
			t.Fatalf("hand %d: %v", n, err)
		}
	}
	if s := l.State(); !s.Over || s.Reason != "4 rounds played" {
		t.Errorf("after 16 passes: over %v (%s)", s.Over, s.Reason)
	}
}

func TestFlowVariants(t *testing.T) {
	passOnDraw := gamerules.HongKongFlow()
	passOnDraw.DealerRepeatsOnDraw = false
	tests := []struct {
		name    string
		flow    gamerules.Flow
		hands   []Hand
		dealers string // the dealer before each hand, then after the last, as initials
		winds   string
	}{
		{"hong kong", gamerules.HongKongFlow(), []Hand{self("Ann", 3), drawn(), win("Cat", "Ann", 3), win("Cat", "Ben", 3)}, "AAABC", "EEEEE"},
		{"draw passes (some houses)", passOnDraw, []Hand{drawn(), drawn(), win("Dan", "Ann", 3), drawn()}, "ABCDA", "EEEES"},
		{"american rotates after every game", gamerules.AmericanFlow(), []Hand{self("Ann", 25), drawn(), win("Ben", "Cat", 30)}, "ABCD", "EEEE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := Header{Players: players, Ruleset: "x", Family: "x", Flow: tt.flow}
			h.Flow.Length = gamerules.Length{}
			l, _ := newGame(t, h)
			var dealers, winds []byte
			for _, hd := range tt.hands {
				s := l.State()
				dealers, winds = append(dealers, s.Dealer[0]), append(winds, s.Prevailing.String()[0])
				if _, err := l.Add(hd); err != nil {
					t.Fatal(err)
				}
			}
			s := l.State()
			dealers, winds = append(dealers, s.Dealer[0]), append(winds, s.Prevailing.String()[0])
			if diff := cmp.Diff(tt.dealers+"|"+tt.winds, string(dealers)+"|"+string(winds)); diff != "" {
				t.Errorf("dealers|winds (-want +got):\n%s", diff)
			}
		})
	}
}
