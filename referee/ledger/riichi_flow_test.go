package ledger

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

func riichiHeader(length gamerules.Length) Header {
	f := gamerules.RiichiFlow()
	f.Length = length
	return Header{Players: players, Ruleset: "riichi", Family: "riichi", Flow: f}
}

// paid is a hand with its deltas given, in points.
func paid(h Hand, d ...int64) Hand {
	for _, x := range d {
		h.Deltas = append(h.Deltas, settle.Points(x))
	}
	return h
}

// counters is what the test checks before each riichi hand.
type counters struct {
	Dealer        string
	Repeat        int
	Honba, Sticks int
	Over          bool
}

// TestRiichiFlow plays an east-only riichi game through the ledger's counters: a draw with the
// dealer ready repeats and adds a honba, a riichi stick stays on the table over a draw with the
// dealer not ready (the deal passes, the honba stays), a non-dealer's win takes the sticks and
// clears the honba, an abortive draw repeats, and the game goes into the extension while nobody
// has the 30,000 return, ending at the first hand after which somebody has.
func TestRiichiFlow(t *testing.T) {
	l, _ := newGame(t, riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 1}))
	steps := []struct {
		name   string
		hand   Hand
		before counters
	}{
		{"dealer ready at a draw", paid(Hand{Drawn: true, Tenpai: []string{"Ann"}}, 3000, -1000, -1000, -1000), counters{"Ann", 0, 0, 0, false}},
		{"riichi, dealer not ready", paid(Hand{Drawn: true, Tenpai: []string{"Ben"}, Riichi: []string{"Ben"}}, -1000, 2000, -1000, -1000), counters{"Ann", 1, 1, 0, false}},
		{"Cat wins, takes the stick", paid(Hand{Winner: "Cat", Discarder: "Dan", Han: 1, Fu: 30}, 0, 0, 1000+600+1000, -1000-600), counters{"Ben", 0, 2, 1, false}},
		{"abortive draw repeats", paid(Hand{Drawn: true, Abortive: "kyuushu_kyuuhai"}, 0, 0, 0, 0), counters{"Cat", 0, 0, 0, false}},
		{"Cat repeats, Dan wins", paid(Hand{Winner: "Dan", Win: scoring.SelfDraw, Han: 1, Fu: 30}, -500, -500, -1000, 2000), counters{"Cat", 1, 1, 0, false}},
		{"Dan deals the last east hand", paid(Hand{Winner: "Ann", Discarder: "Ben", Han: 1, Fu: 30}, 1000, -1000, 0, 0), counters{"Dan", 0, 0, 0, false}},
		// Nobody has 30,000: the extension (the south round).
		{"extension: Ann wins 8,000", paid(Hand{Winner: "Ann", Discarder: "Cat", Han: 4, Fu: 30}, 12000, 0, -12000, 0), counters{"Ann", 0, 0, 0, false}},
	}
	for _, st := range steps {
		s := l.State()
		got := counters{s.Dealer, s.Repeat, s.Honba, s.Sticks, s.Over}
		if diff := cmp.Diff(st.before, got); diff != "" {
			t.Fatalf("%s: before the hand (-want +got):\n%s", st.name, diff)
		}
		if _, err := l.Add(st.hand); err != nil {
			t.Fatalf("%s: Add: %v", st.name, err)
		}
	}
	s := l.State()
	if !s.Over || !strings.Contains(s.Reason, "reached 30000 in the extension") {
		t.Errorf("after Ann reaches 30,000 in the extension: over %v (%s), want over", s.Over, s.Reason)
	}
	// The record replays to the same counters.
	st, err := Read(l.path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Played != len(steps) || st.Totals != s.Totals || !st.Over {
		t.Errorf("replayed: played %d totals %v over %v; want %d %v true", st.Played, st.Totals, st.Over, len(steps), s.Totals)
	}
}

// TestRiichiDeltasSum: with the table's counters a hand's deltas add up to the sticks it takes
// less the sticks it puts down, and anything else is refused with the counts.
func TestRiichiDeltasSum(t *testing.T) {
	l, _ := newGame(t, riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 2}))
	for _, tt := range []struct {
		name string
		hand Hand
		want string // "" when it is recorded
	}{
		{"a riichi stick not put down", paid(Hand{Drawn: true, Riichi: []string{"Ben"}, Tenpai: []string{"Ben"}}, 0, 0, 0, 0), "must add up to -1000"},
		{"a riichi player left out of tenpai", paid(Hand{Drawn: true, Riichi: []string{"Ben"}}, 1000, -1000, 1000, -2000), "Ben declared riichi, so was ready at the exhaustive draw"},
		{"two riichi players left out", paid(Hand{Drawn: true, Riichi: []string{"Ben", "Cat"}, Tenpai: []string{"Ann"}}, 3000, -2000, -2000, -1000), "Ben and Cat declared riichi, so were ready"},
		{"zero-sum without a stick", paid(Hand{Drawn: true, Tenpai: []string{"Cat"}}, -1000, -1000, 3000, -1000), ""},
		{"a stick put down", paid(Hand{Drawn: true, Riichi: []string{"Dan"}, Tenpai: []string{"Dan"}}, -1000, -1000, -1000, 2000), ""},
		{"a win that leaves the stick", paid(Hand{Winner: "Ann", Discarder: "Ben", Han: 1, Fu: 30}, 1300, -1300, 0, 0), "1 riichi sticks on the table"},
		{"a win that takes it", paid(Hand{Winner: "Ann", Discarder: "Ben", Han: 1, Fu: 30}, 1000+600+1000, -1600, 0, 0), ""},
		{"riichi at an abortive draw", paid(Hand{Drawn: true, Abortive: "suufon_renda", Riichi: []string{"Ann"}}, -1000, 0, 0, 0), ""},
		{"tenpai with a winner", paid(Hand{Winner: "Ann", Discarder: "Ben", Tenpai: []string{"Ann"}}, 1000, -1000, 0, 0), "tenpai and nagashi are for an exhaustive draw"},
		{"a riichi player not at the table", paid(Hand{Drawn: true, Riichi: []string{"Eve"}}, 0, 0, 0, -1000), `"Eve" is not a player`},
	} {
		_, err := l.Add(tt.hand)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v, want it recorded", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}

// TestRiichiDealerStops: the last dealer who wins the last hand and is then first with the
// return ends the game (アガリ止め); a last dealer who wins but is not first plays on.
func TestRiichiDealerStops(t *testing.T) {
	for _, tt := range []struct {
		name string
		last Hand
		over bool
	}{
		{"the dealer wins and is first", paid(Hand{Winner: "Dan", Discarder: "Ann", Han: 3, Fu: 30}, -5800, 0, 0, 5800), true},
		{"the dealer wins but is second", paid(Hand{Winner: "Dan", Discarder: "Cat", Han: 1, Fu: 30}, 0, 0, -1500, 1500), false},
	} {
		l, _ := newGame(t, riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 1}))
		// The deal passes from Ann to Dan, the last dealer, with Ben first on 32,100.
		for _, h := range []Hand{
			paid(Hand{Winner: "Ben", Discarder: "Cat", Han: 6, Fu: 30}, 0, 12000, -12000, 0),
			paid(Hand{Winner: "Cat", Discarder: "Ben", Han: 1, Fu: 30}, 0, -1000, 1000, 0),
			paid(Hand{Winner: "Dan", Discarder: "Ben", Han: 3, Fu: 30}, 0, -3900, 0, 3900),
		} {
			if _, err := l.Add(h); err != nil {
				t.Fatal(err)
			}
		}
		if s := l.State(); s.Dealer != "Dan" {
			t.Fatalf("the last dealer is %s, want Dan", s.Dealer)
		}
		if _, err := l.Add(tt.last); err != nil {
			t.Fatal(err)
		}
		if s := l.State(); s.Over != tt.over {
			t.Errorf("%s: over %v (%s), want %v", tt.name, s.Over, s.Reason, tt.over)
		}
	}
}

// TestImportWholeOrNothing: Import writes every hand or leaves no file: a hand that cannot be
// recorded, or a check that fails, leaves nothing behind, and a file already there is not
// touched.
func TestImportWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	h := riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 2})
	good := []Hand{paid(Hand{Drawn: true, Tenpai: []string{"Ann"}}, 3000, -1000, -1000, -1000)}
	bad := append(good, paid(Hand{Drawn: true}, 1, 0, 0, 0))
	path := filepath.Join(dir, "g.jsonl")
	if _, err := Import(path, h, bad, nil); err == nil || !strings.Contains(err.Error(), "hand 2") {
		t.Fatalf("Import of a bad second hand: %v, want an error naming hand 2", err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a failed import left %s (%v)", path, err)
	}
	stop := errors.New("the log deals otherwise")
	if _, err := Import(path, h, good, func(int, *State) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("Import with a failing check: %v", err)
	}
	l, err := Import(path, h, good, func(i int, st *State) error {
		if st.Honba != 1 || st.Dealer != "Ann" {
			t.Errorf("after hand %d: honba %d dealer %s, want 1 and Ann", i+1, st.Honba, st.Dealer)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	before, _ := os.ReadFile(path)
	if _, err := Import(path, h, good, nil); !errors.Is(err, ErrExists) {
		t.Errorf("Import over an existing file: %v, want ErrExists", err)
	}
	after, _ := os.ReadFile(path)
	if string(before) != string(after) {
		t.Error("Import over an existing file changed it")
	}
	if r, err := Verify(path); err != nil || !r.OK() {
		t.Errorf("the imported record does not verify: %+v %v", r, err)
	}
}

// TestRiichiNotTenpaiOldRecord: a record written before a riichi player had to be among the tenpai
// at an exhaustive draw still reads, with the deltas it was written with; only a new hand, an
// amend or an import is held to the rule.
func TestRiichiNotTenpaiOldRecord(t *testing.T) {
	l, path := newGame(t, riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 1}))
	old := paid(Hand{Drawn: true, Tenpai: []string{"Ann"}, Riichi: []string{"Ben"}}, 3000, -2000, -1000, -1000)
	// What Add wrote before checkNew.
	next := l.state
	seq, number, dealer, stamp := next.Events+1, next.Hand, next.Dealer, l.stamp()
	if err := next.add(old, [4]Amount(old.Deltas), seq, seq, stamp); err != nil {
		t.Fatal(err)
	}
	if err := l.commit(&next, &event{Seq: seq, Event: EventHand, Time: stamp, Number: number, Dealer: dealer, Hand: &old, Deltas: old.Deltas}); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cachePath(path)); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	r, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("the old record no longer reads: %v", err)
	}
	defer r.Close()
	st := r.State()
	if want := [4]Amount(paid(Hand{}, 3000, -2000, -1000, -1000).Deltas); st.Totals != want {
		t.Errorf("totals %v, want %v as written", st.Totals, want)
	}
	// Amending it to the same result is a new record of it, and is refused.
	if _, err := r.Amend(1, old); err == nil || !strings.Contains(err.Error(), "declared riichi") {
		t.Errorf("amend to the same result: %v, want a refusal", err)
	}
	fixed := paid(Hand{Drawn: true, Tenpai: []string{"Ann", "Ben"}, Riichi: []string{"Ben"}}, 1500, 500, -1500, -1500)
	if _, err := r.Amend(1, fixed); err != nil {
		t.Errorf("amend to a right result: %v", err)
	}
}
