package ledger

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/referee/gamerules"
)

// checkReplay checks that the file replays to the writer's state.
func checkReplay(t *testing.T, l *Ledger, path string) State {
	t.Helper()
	r, err := Read(path, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if diff := cmp.Diff(l.State(), r, cmp.AllowUnexported(State{}, Entry{}, change{})); diff != "" {
		t.Fatalf("replay differs from the writer (-writer +replay):\n%s", diff)
	}
	rep, _ := Verify(path, WithSettler(testSettler))
	if !rep.OK() {
		t.Fatalf("Verify: %+v", rep.Problems)
	}
	return r
}

func TestSeveralWinners(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	h := Hand{Winner: "Ben", Faan: 5, Discarder: "Ann", Also: []Claim{{Winner: "Dan", Faan: 3}}}
	e, err := l.Add(h)
	if err != nil {
		t.Fatal(err)
	}
	if want := totals(-36-12, 36, 0, 12); e.Deltas != want {
		t.Errorf("deltas %v, want %v", e.Deltas, want)
	}
	if got := e.Hand.String(); got != "Ben wins 5 faan and Dan wins 3 faan on Ann's discard" {
		t.Errorf("String: %s", got)
	}
	// The dealer (Ann) did not win: the deal passes. Next, the dealer is one of two winners: she deals again.
	if _, err := l.Add(Hand{Winner: "Ben", Faan: 3, Discarder: "Cat", Also: []Claim{{Winner: "Ann", Faan: 3}}}); err != nil {
		t.Fatal(err)
	}
	if s := l.State(); s.Dealer != "Ben" || s.Repeat != 1 {
		t.Errorf("after the dealer won with another: dealer %s repeat %d", s.Dealer, s.Repeat)
	}
	for _, bad := range []struct {
		h    Hand
		want string
	}{
		{Hand{Winner: "Ben", Faan: 3, Win: 1, Also: []Claim{{Winner: "Cat", Faan: 3}}}, "name the discarder"},
		{Hand{Winner: "Ben", Faan: 3, Discarder: "Cat", Also: []Claim{{Winner: "Ben", Faan: 3}}}, "named twice"},
		{Hand{Winner: "Ben", Faan: 3, Discarder: "Cat", Also: []Claim{{Winner: "Cat", Faan: 3}}}, "own discard"},
		{Hand{Winner: "Ben", Faan: 3, Discarder: "Cat", Bumped: []string{"Ben"}}, "both bumped and a winner"},
		{Hand{Winner: "Ben", Faan: 3, Discarder: "Cat", Responsible: "Dan", Also: []Claim{{Winner: "Dan", Faan: 3}}}, "Dan won too"},
	} {
		if _, err := l.Add(bad.h); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want %q", bad.h.String(), err, bad.want)
		}
	}
	if _, err := l.Add(Hand{Winner: "Ben", Faan: 3, Discarder: "Cat", Bumped: []string{"Dan"}}); err != nil {
		t.Fatal(err)
	}
	if got := l.State().History[2].Hand.String(); got != "Ben wins 3 faan on Cat's discard; Dan bumped (head bump)" {
		t.Errorf("bumped: %s", got)
	}
	checkReplay(t, l, path)
}

// TestAmend amends hand 3 so that the dealer of hand 4 changes: every later hand is recomputed,
// the original stays in the file, and undo takes the amend back.
func TestAmend(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{
		win("Ben", "Cat", 3), // Ann deals; the deal passes to Ben
		win("Cat", "Dan", 4), // Ben deals; passes to Cat
		self("Cat", 3),       // Cat deals and wins: she deals again
		win("Ann", "Ben", 5), // hand 4, Cat deals (repeat 1)
		drawn(),              // hand 5, Ann deals? no: Cat's deal passed to Dan after hand 4
	} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	before := l.State()
	if before.History[3].Dealer != "Cat" || before.History[3].Repeat != 1 {
		t.Fatalf("hand 4 dealt by %s repeat %d", before.History[3].Dealer, before.History[3].Repeat)
	}
	am, err := l.Amend(3, win("Dan", "Cat", 6)) // hand 3 was Dan's win on Cat's discard
	if err != nil {
		t.Fatal(err)
	}
	after := l.State()
	if am.Before.Hand.Winner != "Cat" || am.After.Hand.Winner != "Dan" || am.After.Amended != am.Seq {
		t.Errorf("amendment %+v", am)
	}
	if h4 := after.History[3]; h4.Dealer != "Dan" || h4.Repeat != 0 || h4.Seats[3] != 0 {
		t.Errorf("hand 4 after the amend: dealer %s repeat %d seats %v", h4.Dealer, h4.Repeat, h4.Seats)
	}
	if len(am.Changed) != 2 {
		t.Errorf("changed hands %d, want 2 (hands 4 and 5 have new dealers)", len(am.Changed))
	}
	// Ben +12 (3 faan ×3 from Cat), Cat +24 -24 -48 (hand 2, 3), Dan -24 +48, Ann +36 -36...
	want := totals(36, 12-36, -12+24-48, -24+48)
	if after.Totals != want {
		t.Errorf("totals %v, want %v", after.Totals, want)
	}
	if after.Played != 5 || after.Amended != 1 {
		t.Errorf("played %d amended %d", after.Played, after.Amended)
	}
	checkReplay(t, l, path)
	e, undone, err := l.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if undone != am.Seq || e.Hand.Winner != "Dan" {
		t.Errorf("undo took back seq %d (%s)", undone, e.Hand.String())
	}
	s := l.State()
	if s.Totals != before.Totals || s.Dealer != before.Dealer || s.History[3].Dealer != "Cat" || s.Amended != 0 {
		t.Errorf("after undoing the amend: totals %v (want %v) dealer %s", s.Totals, before.Totals, s.Dealer)
	}
	checkReplay(t, l, path)
	if _, err := l.Amend(9, drawn()); !errors.Is(err, ErrNoHand) {
		t.Errorf("amend of hand 9: %v", err)
	}
	if _, err := l.Amend(2, win("Eve", "Dan", 3)); err == nil {
		t.Error("amend with an unknown winner accepted")
	}
	checkReplay(t, l, path)
}

// TestSeatAndRename: a player leaves and another takes the seat (the leaver keeps their total, the
// seat goes on), a name is corrected; both are events, and undo does not cross them.
func TestSeatAndRename(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Add(win("Ben", "Dan", 3)) // Dan -12
	if err := l.Seat("Dan", "Eve"); err != nil {
		t.Fatal(err)
	}
	s := l.State()
	if s.Players[3] != "Eve" || s.Totals[3] != 0 || s.Dealer != "Ben" {
		t.Errorf("after the seat change: players %v totals %v dealer %s", s.Players, s.Totals, s.Dealer)
	}
	st := s.Standings()
	if len(st) != 5 || st[4].Player != "Dan" || !st[4].Left || st[4].Total != Whole(-12) {
		t.Errorf("standings %+v", st)
	}
	if _, _, err := l.Undo(); !errors.Is(err, ErrUndoSeat) || !strings.Contains(err.Error(), "ledger seat --replace Eve --with Dan") {
		t.Errorf("undo over a seat change: %v", err)
	}
	if _, err := l.Add(win("Eve", "Ann", 4)); err != nil {
		t.Fatal(err)
	}
	if err := l.Rename("Ben", "Benny"); err != nil {
		t.Fatal(err)
	}
	s = l.State()
	if s.Players[1] != "Benny" || s.History[0].Hand.Winner != "Benny" || s.History[1].Dealer != "Benny" {
		t.Errorf("after the rename: %v, %s, %s", s.Players, s.History[0].Hand.String(), s.History[1].Dealer)
	}
	for _, bad := range [][2]string{{"Dan", "Fay"}, {"Ann", "Eve"}, {"Ann", " Zed"}} {
		if err := l.Seat(bad[0], bad[1]); err == nil {
			t.Errorf("seat %v accepted", bad)
		}
	}
	if err := l.Rename("Ann", "Eve"); err == nil {
		t.Error("rename to a player's name accepted")
	}
	// Dan comes back for Eve: he takes up his own total.
	if err := l.Seat("Eve", "Dan"); err != nil {
		t.Fatal(err)
	}
	if s := l.State(); s.Totals[3] != Whole(-12) {
		t.Errorf("Dan back with %v", s.Totals[3])
	}
	r := checkReplay(t, l, path)
	if len(r.People) != 5 || r.People[4].Name != "Eve" || r.People[4].Total != Whole(24) || r.People[4].Hands != 1 {
		t.Errorf("people %+v", r.People)
	}
}

func TestSummary(t *testing.T) {
	l, _ := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{
		win("Ben", "Cat", 3), // Ben +12
		self("Ben", 5),       // Ben +36
		{FalseWin: "Dan"},    // nothing paid here (test settler)
		drawn(),              // drawn
		{Winner: "Ann", Faan: 8, Discarder: "Cat", Responsible: "Dan"}, // testSettler makes the discarder pay
		{Winner: "Dan", Faan: 4, Discarder: "Cat", Also: []Claim{{Winner: "Ann", Faan: 6}}},
	} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	l.Seat("Dan", "Eve")
	s := l.State()
	got := s.Summary()
	if got.Hands != 6 || got.Drawn != 1 || len(got.Players) != 5 {
		t.Fatalf("hands %d drawn %d players %d", got.Hands, got.Drawn, len(got.Players))
	}
	byName := map[string]PlayerSummary{}
	for _, p := range got.Players {
		byName[p.Player] = p
	}
	ben, cat, dan, ann := byName["Ben"], byName["Cat"], byName["Dan"], byName["Ann"]
	if ben.Wins != 2 || ben.SelfDraws != 1 || ben.AverageFaan != 4 || ben.Biggest.Number != 2 || ben.Biggest.Gain != Whole(36) {
		t.Errorf("Ben %+v (biggest %+v)", ben, ben.Biggest)
	}
	if cat.DealIns != 3 || cat.Wins != 0 { // hands 1, 5 and 6: one discard two players won on is one deal-in
		t.Errorf("Cat %+v", cat)
	}
	if dan.FalseWins != 1 || dan.Responsible != 1 || !dan.Left || dan.Hands != 6 || dan.Wins != 1 {
		t.Errorf("Dan %+v", dan)
	}
	if ann.Wins != 2 || ann.AverageFaan != 7 || got.Biggest.Player != "Ann" || got.Biggest.Number != 5 || got.Biggest.Gain != Whole(96) {
		t.Errorf("Ann %+v, biggest %+v", ann, got.Biggest)
	}
	if diff := cmp.Diff([]string{"Cat"}, got.MostDealIns); diff != "" {
		t.Errorf("most deal-ins: %s", diff)
	}
	if diff := cmp.Diff([]string{"Ann", "Ben"}, got.MostWins); diff != "" {
		t.Errorf("most wins: %s", diff)
	}
	if byName["Eve"].Hands != 0 {
		t.Errorf("Eve %+v", byName["Eve"])
	}
}

// TestSummaryOneDiscardTwoWinners: a discard two players won on (一炮多響) is one deal-in and, when
// one player is responsible (包) for both winners, one hand paid for under 包 and what they paid in
// it once; each winner counts a win.
func TestSummaryOneDiscardTwoWinners(t *testing.T) {
	l, _ := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{
		{Winner: "Dan", Faan: 4, Discarder: "Cat", Also: []Claim{{Winner: "Ann", Faan: 6}}},
		{Winner: "Ann", Faan: 3, Discarder: "Ben", Responsible: "Ben", Also: []Claim{{Winner: "Dan", Faan: 5, Responsible: "Ben"}}},
	} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	s := l.State()
	got := map[string][4]int{}
	var paid Amount
	for _, p := range s.Summary().Players {
		got[p.Player] = [4]int{p.Wins, p.DealIns, p.Responsible}
		if p.Player == "Ben" {
			paid = p.ResponsiblePaid
		}
	}
	want := map[string][4]int{"Ann": {2, 0, 0}, "Ben": {0, 1, 1}, "Cat": {0, 1, 0}, "Dan": {2, 0, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("wins, deal-ins, 包 (-want +got):\n%s", diff)
	}
	if want := Whole(3*4 + 3*12); paid != want {
		t.Errorf("Ben paid %s under 包, want %s", paid, want)
	}
}
