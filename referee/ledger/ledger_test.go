package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/scoring/points"
)

func TestBust(t *testing.T) {
	h := hkHeader(gamerules.Length{Kind: gamerules.Bust})
	h.Flow.Stake = Whole(100)
	l, _ := newGame(t, h)
	hands := []Hand{win("Ben", "Dan", 5), self("Cat", 6), drawn(), win("Ann", "Dan", 4)}
	for i, hd := range hands {
		if _, err := l.Add(hd); err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		if s := l.State(); s.Over {
			t.Fatalf("over after hand %d: %s", i+1, s.Reason)
		}
	}
	// Dan: -36 -16 -24 = -76, stack 24. A 5-faan discard (36) busts him.
	if _, err := l.Add(win("Cat", "Dan", 5)); err != nil {
		t.Fatal(err)
	}
	s := l.State()
	want := []Standing{
		{Rank: 1, Player: "Cat", Seat: s.Seats[2], Total: Whole(84), Stack: Whole(184)},
		{Rank: 2, Player: "Ben", Seat: s.Seats[1], Total: Whole(20), Stack: Whole(120)},
		{Rank: 3, Player: "Ann", Seat: s.Seats[0], Total: Whole(8), Stack: Whole(108)},
		{Rank: 4, Player: "Dan", Seat: s.Seats[3], Total: Whole(-112), Stack: Whole(-12)},
	}
	if diff := cmp.Diff(want, s.Standings()); diff != "" {
		t.Errorf("standings (-want +got):\n%s", diff)
	}
	if !s.Over || s.Reason != "Dan is bust (stack -12)" {
		t.Errorf("over %v reason %q", s.Over, s.Reason)
	}
	if _, err := l.Add(drawn()); !errors.Is(err, ErrGameOver) {
		t.Errorf("Add after bust: %v, want ErrGameOver", err)
	}
	// Undo reopens the game.
	if _, _, err := l.Undo(); err != nil {
		t.Fatal(err)
	}
	if s := l.State(); s.Over {
		t.Errorf("still over after undo: %s", s.Reason)
	}
}

func deburgerHeader(ties points.TieRule) Header {
	f := gamerules.DeBurgerFlow()
	f.Ties = ties
	return Header{Players: players, Ruleset: "deburger", Family: "deburger", Flow: f}
}

func TestDeBurgerRace(t *testing.T) {
	type step struct {
		hand   Hand
		over   bool
		reason string
	}
	tests := []struct {
		name    string
		ties    points.TieRule
		steps   []step
		winners []string
	}{
		{"first to 10,000", points.TiesPlayOn, []step{
			{Hand{Winner: "Ann", Deltas: pts(4200, 1200, -300, 900)}, false, ""},
			{Hand{Winner: "Cat", Deltas: pts(2100, 600, 5600, -200)}, false, ""},
			{Hand{Winner: "Ann", Deltas: pts(3900, 2400, 1500, 300)}, true, "Ann reached 10000 with 10200"},
		}, []string{"Ann"}},
		{"two over, the higher wins", points.TiesPlayOn, []step{
			{Hand{Winner: "Ben", Deltas: pts(5000, 5000, 0, 0)}, false, ""},
			{Hand{Winner: "Ben", Deltas: pts(5000, 5300, 0, 0)}, true, "Ben reached 10000 with 10300"},
		}, []string{"Ben"}},
		{"tie plays on", points.TiesPlayOn, []step{
			{Hand{Winner: "Ben", Deltas: pts(5000, 5000, 0, 0)}, false, ""},
			{Hand{Winner: "Ben", Deltas: pts(5000, 5000, 0, 0)}, false, "Ann and Ben tied at 10000 over the target 10000: play on"},
			{Hand{Winner: "Ann", Deltas: pts(600, -200, 0, 0)}, true, "Ann reached 10000 with 10600"},
		}, []string{"Ann"}},
		{"tie shared", points.TiesShared, []step{
			{Hand{Winner: "Ben", Deltas: pts(10000, 10000, 0, 0)}, true, "Ann and Ben reached 10000 with 10000"},
		}, []string{"Ann", "Ben"}},
		{"tie to the mahjong", points.TiesMahjong, []step{
			{Hand{Winner: "Ben", Deltas: pts(10000, 10000, 0, 0)}, true, "Ben reached 10000 with 10000"},
		}, []string{"Ben"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, path := newGame(t, deburgerHeader(tt.ties))
			for i, st := range tt.steps {
				if _, err := l.Add(st.hand); err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
				s := l.State()
				if s.Over != st.over || s.Reason != st.reason {
					t.Errorf("hand %d: over %v %q, want %v %q", i+1, s.Over, s.Reason, st.over, st.reason)
				}
			}
			s := l.State()
			if diff := cmp.Diff(tt.winners, s.Winners); diff != "" {
				t.Errorf("winners (-want +got):\n%s", diff)
			}
			// The dealer passes after every hand in DeBurger play.
			if want := players[len(tt.steps)%4]; s.Dealer != want {
				t.Errorf("dealer %s, want %s", s.Dealer, want)
			}
			r, err := Read(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(s.Totals, r.Totals); diff != "" {
				t.Errorf("replayed totals (-live +replayed):\n%s", diff)
			}
		})
	}
}

// TestTornLastLine simulates a crash at every byte of the last write: the file holds every complete
// hand and part of the next line. Open keeps the fragment aside, reports it, recovers every complete
// hand, and the game goes on.
func TestTornLastLine(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{win("Ben", "Ann", 5), drawn(), self("Ben", 3)} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	want := l.State()
	if _, err := l.Add(win("Cat", "Dan", 6)); err != nil {
		t.Fatal(err)
	}
	l.Close()
	full, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cut := bytes.LastIndexByte(full[:len(full)-1], '\n') + 1
	// Up to the last byte of the line: without the newline alone, the line is whole (see
	// TestLastLineWithoutNewline).
	for n := cut + 1; n < len(full)-1; n++ {
		dir := t.TempDir()
		p := filepath.Join(dir, "evening.jsonl")
		if err := os.WriteFile(p, full[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Read(p)
		if err != nil {
			t.Fatalf("cut at %d: Read: %v", n, err)
		}
		if r.Torn == nil || r.Torn.Line != 5 || r.Played != 3 {
			t.Fatalf("cut at %d: Read reports torn %+v, %d hands", n, r.Torn, r.Played)
		}
		l2, err := Open(p, WithSettler(testSettler), WithClock(fixedClock()))
		if err != nil {
			t.Fatalf("cut at %d: Open: %v", n, err)
		}
		torn := l2.Recovered()
		if torn == nil || !bytes.Equal(torn.Bytes, full[cut:n]) || torn.SideFile != p+".torn" {
			t.Fatalf("cut at %d: recovered %+v", n, torn)
		}
		got := l2.State()
		if diff := cmp.Diff(want.Totals, got.Totals); diff != "" || got.Played != 3 || got.Dealer != want.Dealer {
			t.Fatalf("cut at %d: state after recovery: totals (-want +got) %s, played %d dealer %s", n, diff, got.Played, got.Dealer)
		}
		side, err := os.ReadFile(p + ".torn")
		if err != nil || !bytes.Contains(side, full[cut:n]) || !strings.HasPrefix(string(side), "# evening.jsonl line 5, ") {
			t.Fatalf("cut at %d: side file %q, %v", n, side, err)
		}
		// The game goes on from where the record is whole, and the file is whole again.
		if _, err := l2.Add(win("Cat", "Dan", 6)); err != nil {
			t.Fatalf("cut at %d: Add after recovery: %v", n, err)
		}
		l2.Close()
		r, err = Read(p)
		if err != nil || r.Torn != nil || r.Played != 4 {
			t.Fatalf("cut at %d: after recovery and a new hand: torn %+v played %d err %v", n, r.Torn, r.Played, err)
		}
	}
	// A header cut short means no game at all.
	p := filepath.Join(t.TempDir(), "x.jsonl")
	os.WriteFile(p, full[:10], 0o644)
	if _, err := Open(p); !errors.Is(err, ErrCorrupt) {
		t.Errorf("torn header: %v, want ErrCorrupt", err)
	}
}

// TestLastLineWithoutNewline: a last line that is a whole record, but lost its newline (an editor
// stripped it), is a record: it is counted, and a writer gives the newline back.
func TestLastLineWithoutNewline(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{win("Ben", "Ann", 5), self("Ben", 3)} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	want := l.State()
	l.Close()
	full, _ := os.ReadFile(path)
	os.WriteFile(path, full[:len(full)-1], 0o644)
	r, err := Read(path)
	if err != nil || r.Torn != nil || r.Played != 2 || r.Totals != want.Totals {
		t.Fatalf("Read: torn %+v played %d totals %v, %v", r.Torn, r.Played, r.Totals, err)
	}
	l2, err := Open(path, WithSettler(testSettler), WithClock(fixedClock()))
	if err != nil {
		t.Fatal(err)
	}
	if l2.Recovered() != nil {
		t.Errorf("recovered %+v", l2.Recovered())
	}
	if _, err := l2.Add(drawn()); err != nil {
		t.Fatal(err)
	}
	l2.Close()
	r, err = Read(path)
	if err != nil || r.Played != 3 {
		t.Fatalf("after add: played %d, %v", r.Played, err)
	}
	if _, err := os.Stat(path + ".torn"); err == nil {
		t.Error("a whole line was moved aside")
	}
	// A refused add (bad input) on such a file changes nothing either. (Going back to the earlier
	// file drops the hand just added, which the writer's note would report: remove the note.)
	os.WriteFile(path, full[:len(full)-1], 0o644)
	os.Remove(cachePath(path))
	l3, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l3.Add(win("Eve", "Ann", 3)); err == nil {
		t.Fatal("unknown winner accepted")
	}
	l3.Close()
	r, err = Read(path)
	if err != nil || r.Played != 2 {
		t.Fatalf("after a refused add: played %d, %v", r.Played, err)
	}
}

// TestTornSymlink: a symlink planted at FILE.torn is never written through; the torn bytes go to a
// new side file instead.
func TestTornSymlink(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Add(win("Ben", "Ann", 5))
	l.Close()
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"seq":3,"event":"ha`) // a write cut short
	f.Close()
	target := filepath.Join(t.TempDir(), "bashrc")
	os.WriteFile(target, []byte("# mine\n"), 0o644)
	if err := os.Symlink(target, path+".torn"); err != nil {
		t.Fatal(err)
	}
	l2, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	if got := l2.Recovered(); got == nil || got.SideFile != path+".torn-2" {
		t.Fatalf("recovered %+v", got)
	}
	if b, _ := os.ReadFile(target); string(b) != "# mine\n" {
		t.Errorf("the symlink's target was written: %q", b)
	}
}

func TestSecondWriterRefused(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	_, err := Open(path)
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("second Open: %v, want *LockedError", err)
	}
	if le.PID != os.Getpid() && le.PID != 0 {
		t.Errorf("holder pid %d, want %d (or unknown)", le.PID, os.Getpid())
	}
	if !strings.Contains(err.Error(), "open for writing by") {
		t.Errorf("message %q", err)
	}
	// Readers are not refused.
	if _, err := Read(path); err != nil {
		t.Errorf("Read while locked: %v", err)
	}
	l.Close()
	l2, err := Open(path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	l2.Close()
}

// TestSecondWriterOtherProcess holds the ledger in a child process, checks that this process is
// refused with the child's pid, then kills the child (a crash) and checks that the lock is gone.
func TestSecondWriterOtherProcess(t *testing.T) {
	if os.Getenv("LEDGER_HOLD") != "" {
		l, err := Open(os.Getenv("LEDGER_HOLD"))
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println("holding")
		time.Sleep(time.Minute)
		l.Close()
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("starts a process")
	}
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSecondWriterOtherProcess$")
	cmd.Env = append(os.Environ(), "LEDGER_HOLD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	buf := make([]byte, 64)
	n, _ := out.Read(buf)
	if !strings.HasPrefix(string(buf[:n]), "holding") {
		t.Fatalf("child: %q", buf[:n])
	}
	_, err = Open(path)
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("Open while the child holds it: %v", err)
	}
	if le.PID != cmd.Process.Pid && le.PID != 0 {
		t.Errorf("holder pid %d, want the child %d", le.PID, cmd.Process.Pid)
	}
	if _, err := os.Stat("/proc/locks"); err == nil && runtime.GOOS == "linux" {
		// Where the kernel lists its locks, the holder is named: the child, by its command.
		if want := filepath.Base(os.Args[0]); le.PID != cmd.Process.Pid || !strings.HasPrefix(want, le.Command) || le.Command == "" {
			t.Errorf("holder %d (%q), want the child %d (%q)", le.PID, le.Command, cmd.Process.Pid, want)
		}
	}
	t.Logf("refused: %v", err)
	cmd.Process.Kill()
	cmd.Wait()
	l2, err := Open(path)
	if err != nil {
		t.Fatalf("Open after the holder died: %v", err)
	}
	l2.Close()
}

func TestBadInputChangesNothing(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	if _, err := l.Add(win("Ben", "Ann", 3)); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	state := l.State()
	failing := SettlerFunc(func(Hand, Table) ([4]Amount, error) { return [4]Amount{}, errors.New("no such faan") })
	tests := []struct {
		name string
		hand Hand
		want string
	}{
		{"unknown winner", win("Eve", "Ann", 3), `winner "Eve" is not a player`},
		{"unknown discarder", win("Ben", "Eve", 3), `discarder "Eve" is not a player`},
		{"own discard", win("Ben", "Ben", 3), "cannot win on their own discard"},
		{"no outcome", Hand{}, "exactly one of"},
		{"two outcomes", Hand{Drawn: true, Winner: "Ann"}, "exactly one of"},
		{"drawn with faan", Hand{Drawn: true, Faan: 3}, "no winner takes"},
		{"negative faan", win("Ben", "Ann", -1), "cannot be negative"},
		{"self-draw with discarder", Hand{Winner: "Ben", Discarder: "Ann", Win: 1}, "has no discarder"},
		{"deltas not zero-sum", Hand{Winner: "Ben", Deltas: pts(1, 2, 3, 4)}, "add up to 10, not 0"},
		{"three deltas", Hand{Winner: "Ben", Deltas: pts(1, -1, 0)}, "one amount for each"},
		{"responsible winner", Hand{Winner: "Ben", Discarder: "Ann", Responsible: "Ben"}, "responsible for their own"},
		{"settlement fails", win("Cat", "Dan", 99), "settling hand 2: no such faan"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "settlement fails" {
				l.settler = failing
				defer func() { l.settler = testSettler }()
			}
			_, err := l.Add(tt.hand)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Add: %v, want an error with %q", err, tt.want)
			}
			after, _ := os.ReadFile(path)
			if !bytes.Equal(before, after) {
				t.Errorf("file changed:\n%s", after)
			}
			if diff := cmp.Diff(state, l.State(), cmp.AllowUnexported(State{}, Entry{}, change{})); diff != "" {
				t.Errorf("state changed (-before +after):\n%s", diff)
			}
		})
	}
}

func TestUndo(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	if _, _, err := l.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Undo on a new game: %v", err)
	}
	l.Add(self("Ann", 3))
	mid := l.State()
	l.Add(win("Ben", "Ann", 5)) // the deal passes to Ben
	e, _, err := l.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if e.Number != 2 || e.Hand.Winner != "Ben" {
		t.Errorf("undid %+v", e)
	}
	got := l.State()
	if got.Dealer != "Ann" || got.Repeat != 1 || got.Hand != 2 || got.Totals != mid.Totals || got.Undone != 1 {
		t.Errorf("after undo: dealer %s repeat %d hand %d totals %v undone %d", got.Dealer, got.Repeat, got.Hand, got.Totals, got.Undone)
	}
	l.Add(win("Cat", "Dan", 3))
	l.Undo()
	l.Undo()
	if _, _, err := l.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Undo past the start: %v", err)
	}
	l.Add(drawn())
	live := l.State()
	r, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(live, r, cmp.AllowUnexported(State{}, Entry{}, change{})); diff != "" {
		t.Errorf("replayed (-live +replayed):\n%s", diff)
	}
	if r.Events != 8 || r.Played != 1 || r.Undone != 3 {
		t.Errorf("events %d played %d undone %d", r.Events, r.Played, r.Undone)
	}
}

func TestCreateRefusesExisting(t *testing.T) {
	_, path := newGame(t, hkHeader(gamerules.Length{}))
	if _, err := Create(path, hkHeader(gamerules.Length{})); !errors.Is(err, ErrExists) {
		t.Errorf("Create over a ledger: %v", err)
	}
	bad := []struct {
		name string
		edit func(*Header)
		want string
	}{
		{"same name twice", func(h *Header) { h.Players[2] = "Ann" }, `two players are called "Ann"`},
		{"empty name", func(h *Header) { h.Players[3] = "" }, "player 4 has no name"},
		{"padded name", func(h *Header) { h.Players[1] = " Ben" }, "leading or trailing spaces"},
		{"newline in name", func(h *Header) { h.Players[1] = "Be\nn" }, "control characters"},
		{"no ruleset", func(h *Header) { h.Ruleset = "" }, "ruleset is not named"},
		{"bust without stake", func(h *Header) { h.Flow.Length = gamerules.Length{Kind: gamerules.Bust} }, "flow: stake:"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			h := hkHeader(gamerules.Length{})
			tt.edit(&h)
			p := filepath.Join(t.TempDir(), "g.jsonl")
			_, err := Create(p, h)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Create: %v, want %q", err, tt.want)
			}
			if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a file was left behind: %v", err)
			}
		})
	}
}

// TestKilledWriter kills a writer process in the middle of an evening (SIGKILL, no clean-up) and
// checks that every hand it acknowledged is in the record and the game opens again.
func TestKilledWriter(t *testing.T) {
	if path := os.Getenv("LEDGER_WRITE"); path != "" {
		l, err := Open(path, WithSettler(testSettler))
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		for i := 0; ; i++ {
			if _, err := l.Add(win(players[(i+1)%4], players[i%4], 3+i%5)); err != nil {
				fmt.Println("error", err)
				os.Exit(1)
			}
			fmt.Println("added", i+1)
		}
	}
	if testing.Short() {
		t.Skip("starts a process")
	}
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWriter$")
	cmd.Env = append(os.Environ(), "LEDGER_WRITE="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := 0
	buf := make([]byte, 4096)
	var seen strings.Builder
	for acked < 25 {
		n, err := out.Read(buf)
		seen.Write(buf[:n])
		acked = strings.Count(seen.String(), "added ")
		if err != nil {
			t.Fatalf("child stopped after %d hands: %q", acked, seen.String())
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	acked = strings.Count(seen.String(), "\n") // only whole lines were acknowledged
	l2, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Open after the kill: %v", err)
	}
	defer l2.Close()
	s := l2.State()
	if s.Played < acked {
		t.Errorf("%d hands in the record, %d acknowledged", s.Played, acked)
	}
	t.Logf("killed after %d acknowledged hands; the record holds %d; torn: %v", acked, s.Played, l2.Recovered())
	if _, err := l2.Add(drawn()); err != nil {
		t.Errorf("Add after the kill: %v", err)
	}
}

func TestChangedUnderTheLock(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	if _, err := l.Add(drawn()); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"seq":3,"event":"undo","undoes":2}` + "\n")
	f.Close()
	before, _ := os.ReadFile(path)
	if _, err := l.Add(drawn()); !errors.Is(err, ErrChanged) {
		t.Errorf("Add after an outside edit: %v, want ErrChanged", err)
	}
	if _, _, err := l.Undo(); !errors.Is(err, ErrChanged) {
		t.Errorf("Undo after an outside edit: %v, want ErrChanged", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Errorf("the edit was overwritten:\n%s", after)
	}
}
