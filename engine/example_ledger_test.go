package engine_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mjref/mjref/engine"
)

// Keep the score for an evening: start a game, record hands (one with two winners on one discard,
// settled by the ruleset's head bump), correct an earlier hand, and read the night's figures.
func ExampleLedger() {
	dir, err := os.MkdirTemp("", "mjref-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "evening.jsonl")

	l, err := engine.NewLedger(path, "hk", engine.NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}, Length: "8-hands"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, req := range []engine.LedgerRequest{
		{Winner: "Ben", Faan: "3", Discarder: "Cat"},
		{Winner: "Cat,Dan", Faan: "5,4", Discarder: "Ben"}, // head bump: Cat is next after Ben
		{Drawn: true},
		{Winner: "Ann", Faan: "2", Win: "self-draw"}, // below the minimum of 3
	} {
		a, err := l.Add(req)
		switch {
		case err != nil:
			fmt.Println("error:", err)
		case !a.Recorded:
			fmt.Println("not recorded:", a.Reason)
		default:
			fmt.Printf("hand %d, %s deals: %s %v\n", a.Entry.Number, a.Entry.Dealer, a.Entry.Hand.String(), a.Entry.Deltas)
		}
	}

	// Hand 1 was Ann's win, not Ben's: Ann, the dealer, deals again, and every later hand is
	// recomputed.
	am, err := l.Amend(1, engine.LedgerRequest{Winner: "Ann", Faan: "3", Discarder: "Cat"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("amended hand %d; %d later hands changed\n", am.Amendment.Number, len(am.Amendment.Changed))
	st, err := l.Show()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range st.History {
		fmt.Printf("hand %d, %s deals (+%d): %s\n", e.Number, e.Dealer, e.Repeat, e.Hand.String())
	}

	sum, err := l.Summary()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range sum.Players {
		fmt.Printf("%s: %d wins, %d deal-ins, total %s\n", p.Player, p.Wins, p.DealIns, p.Total)
	}
	rep, err := l.Verify()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("intact:", rep.OK(), "payments checked:", rep.Payments)
	// Output:
	// hand 1, Ann deals: Ben wins 3 faan on Cat's discard [0 12 -12 0]
	// hand 2, Ben deals: Cat wins 5 faan on Ben's discard; Dan bumped (head bump) [0 -36 36 0]
	// hand 3, Cat deals: drawn [0 0 0 0]
	// not recorded: 2 faan is below this table's minimum of 3: not a win
	// amended hand 1; 2 later hands changed
	// hand 1, Ann deals (+0): Ann wins 3 faan on Cat's discard
	// hand 2, Ann deals (+1): Cat wins 5 faan on Ben's discard; Dan bumped (head bump)
	// hand 3, Ben deals (+0): drawn
	// Ann: 1 wins, 0 deal-ins, total 12
	// Ben: 0 wins, 1 deal-ins, total -36
	// Cat: 1 wins, 1 deal-ins, total 24
	// Dan: 0 wins, 0 deal-ins, total 0
	// intact: true payments checked: 4
}

// Export the record as a spreadsheet: a row a hand, every winner, each player's change and total.
func ExampleLedger_Export() {
	dir, err := os.MkdirTemp("", "mjref-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	l, err := engine.NewLedger(filepath.Join(dir, "mj.jsonl"), "american", engine.NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := l.Add(engine.LedgerRequest{Winner: "Ben", Value: "25", Discarder: "Cat"}); err != nil {
		fmt.Println(err)
		return
	}
	if err := l.Export(os.Stdout, "csv"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// hand,dealer,result,winners,discarder,responsible,note,Ann,Ben,Cat,Dan,Ann total,Ben total,Cat total,Dan total
	// 1,Ann,Ben wins 25 on Cat's discard,Ben,Cat,,,-25,100,-50,-25,-25,100,-50,-25
}
