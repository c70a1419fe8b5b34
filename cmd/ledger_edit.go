package cmd

import (
	"fmt"
	"github.com/mjref/mjref/family"
	"io"
	"strconv"
	"strings"

	"github.com/mjref/mjref/referee/ledger"
)

// amendView is the outcome of ledger amend: the hand before and after, what changed for each
// player, and the later hands recomputed.
type amendView struct {
	Ledger    string         `json:"ledger"`
	Amendment *amendmentJSON `json:"amendment"`
	Notes     []string       `json:"notes,omitempty"`
	// Change is each player's total after the amend less their total before it.
	Change    []playerChange    `json:"change"`
	Standings []ledger.Standing `json:"standings"`
	Next      *positionView     `json:"next"`
}

type playerChange struct {
	Player string        `json:"player"`
	Before ledger.Amount `json:"before"`
	After  ledger.Amount `json:"after"`
	Change ledger.Amount `json:"change"`
}

func ledgerAmend(o *ledgerOptions, f *factory) error {
	if o.Number < 1 {
		return withHint(usageErrorf("--hand-number: say which hand to correct"), "'mjref ledger show "+o.File+"' lists the hands with their numbers")
	}
	h, err := ledger.ReadHeader(o.File)
	if err != nil {
		return ledgerError(o.File, err)
	}
	pre := ledger.State{Header: h}
	rs, err := ledgerRuleset(o, f, &pre)
	if err != nil {
		return err
	}
	rules, err := o.ledgerRules(rs)
	if err != nil {
		return err
	}
	if o.ThisHand {
		return usageErrorf("--this-hand is for 'ledger add': an amend is settled by the game's settings")
	}
	if o.Log != "" {
		return usageErrorf("--log with amend: give the corrected result with --winner, --drawn or --false-win")
	}
	var opts []ledger.Option
	if rs.Settlement != nil {
		opts = append(opts, ledger.WithSettler(family.LedgerSettler(h, rs)))
	}
	l, err := o.open(opts...)
	if err != nil {
		return err
	}
	defer l.Close()
	cur, err := l.FullState()
	if err != nil {
		return ledgerError(o.File, err)
	}
	at, err := cur.At(o.Number)
	if err != nil {
		return ledgerError(o.File, err)
	}
	v := &addView{Ledger: o.File}
	hand, err := o.handToRecord(rules, &at, v)
	if err != nil {
		return err
	}
	am, err := l.Amend(o.Number, hand)
	if err != nil {
		return ledgerError(o.File, err)
	}
	after := l.State()
	out := amendView{Ledger: o.File, Amendment: newAmendmentJSON(&am, after.Players), Notes: v.Notes}
	for i, p := range after.Players {
		out.Change = append(out.Change, playerChange{Player: p, Before: am.Totals[i], After: after.Totals[i], Change: after.Totals[i] - am.Totals[i]})
	}
	out.Standings, out.Next = after.Standings(), newPositionView(&after)
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, out)
	}
	return renderAmend(o.IO.Out, &out, &after)
}

func renderAmend(w io.Writer, v *amendView, st *ledger.State) error {
	am := v.Amendment.Amendment
	fmt.Fprintf(w, "amended:  hand %d (%s)\n", am.Number, entryTitle(&am.After, st.Flow.PrevailingWind))
	fmt.Fprintf(w, "was:      %s (%s)\n", am.Before.Hand.String(), changeText(st, am.Before.Deltas))
	fmt.Fprintf(w, "now:      %s (%s)\n", am.After.Hand.String(), changeText(st, am.After.Deltas))
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
	for _, e := range am.Changed {
		fmt.Fprintf(w, "then:     hand %d is now %s: %s (%s)\n", e.Number, entryTitle(&e, st.Flow.PrevailingWind), e.Hand.String(), changeText(st, e.Deltas))
	}
	if len(am.Changed) == 0 && am.Number < st.Played {
		fmt.Fprintf(w, "then:     the later hands are unchanged\n")
	}
	rows := make([][]string, 0, len(v.Change))
	for _, c := range v.Change {
		rows = append(rows, []string{c.Player, c.Before.String(), c.After.String(), signed(c.Change)})
	}
	if err := table(w, []string{"player", "before", "after", "change"}, rows); err != nil {
		return err
	}
	return renderNext(w, st)
}

func changeText(st *ledger.State, d [4]ledger.Amount) string {
	parts := make([]string, 4)
	for i, p := range st.Players {
		parts[i] = p + " " + signed(d[i])
	}
	return strings.Join(parts, ", ")
}

// seatView is the outcome of ledger seat and rename.
type seatView struct {
	Ledger    string            `json:"ledger"`
	Event     string            `json:"event"`
	Replace   string            `json:"replace"`
	With      string            `json:"with"`
	Standings []ledger.Standing `json:"standings"`
	Next      *positionView     `json:"next"`
}

func ledgerSeat(o *ledgerOptions, f *factory) error {
	if o.Replace == "" || o.With == "" {
		return withHint(usageErrorf("ledger %s needs --replace OLD and --with NEW", o.Action), "e.g. mjref ledger "+o.Action+" "+o.File+" --replace Dan --with Eve")
	}
	l, err := o.open()
	if err != nil {
		return err
	}
	defer l.Close()
	st := l.State()
	if o.Action == "seat" {
		err = l.Seat(o.Replace, o.With)
	} else {
		err = l.Rename(o.Replace, o.With)
	}
	if err != nil {
		return withHint(fmt.Errorf("%s: %w", o.File, err), "the players are "+strings.Join(st.Players[:], ", ")+" (names are case-sensitive)")
	}
	after := l.State()
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, seatView{Ledger: o.File, Event: o.Action, Replace: o.Replace, With: o.With, Standings: after.Standings(), Next: newPositionView(&after)})
	}
	if o.Action == "seat" {
		fmt.Fprintf(o.IO.Out, "seat:     %s takes %s's seat from hand %d; %s leaves with %s\n", o.With, o.Replace, after.Hand, o.Replace, leftTotal(&after, o.Replace))
	} else {
		fmt.Fprintf(o.IO.Out, "renamed:  %s is now %s, in every hand of the game\n", o.Replace, o.With)
	}
	if err := renderStandings(o.IO.Out, &after); err != nil {
		return err
	}
	return renderNext(o.IO.Out, &after)
}

func leftTotal(st *ledger.State, name string) string {
	for _, p := range st.People {
		if p.Name == name {
			return p.Total.String()
		}
	}
	return "0"
}

func ledgerVerify(o *ledgerOptions, f *factory) error {
	opts, err := o.settlerFor(f)
	if err != nil {
		return err
	}
	rep, err := ledger.Verify(o.File, opts...)
	if err != nil {
		return ledgerError(o.File, err)
	}
	if o.Head != "" {
		if err := rep.CheckHead(o.Head); err != nil {
			return usageErrorf("--head: %v", err)
		}
	}
	if o.Output != FormatTable {
		if err := render(o.IO.Out, o.Output, rep); err != nil {
			return err
		}
	} else {
		w := o.IO.Out
		fmt.Fprintf(w, "ledger:   %s, version %d, %d lines, %d hands standing\n", o.File, rep.Version, rep.Lines, rep.Hands)
		if rep.Head != "" {
			fmt.Fprintf(w, "head:     %s\n", rep.Head)
		}
		if opts != nil {
			fmt.Fprintf(w, "payments: %d settlements recomputed from the recorded results\n", rep.Payments)
		}
		if rep.Torn != nil {
			fmt.Fprintf(w, "torn:     %s\n", rep.Torn)
		}
		for _, p := range rep.Problems {
			fmt.Fprintf(w, "problem:  line %d: %s\n", p.Line, p.Msg)
		}
		if rep.Stopped > 0 {
			fmt.Fprintf(w, "stopped:  the record cannot be read past line %d\n", rep.Stopped)
		}
		if rep.OK() {
			if rep.Version < 2 {
				fmt.Fprintln(w, "verdict:  readable; a version 1 record has no sums to check: 'mjref ledger upgrade' adds them")
			} else {
				fmt.Fprintln(w, "verdict:  intact: every line is as it was written")
			}
		} else {
			fmt.Fprintf(w, "verdict:  %d problems: the record was changed or damaged\n", len(rep.Problems))
		}
	}
	if !rep.OK() {
		return errNegative
	}
	return nil
}

func ledgerUpgrade(o *ledgerOptions, f *factory) error {
	opts, err := o.settlerFor(f)
	if err != nil {
		return err
	}
	if o.Wait > 0 {
		opts = append(opts, ledger.WithWait(o.Wait))
	}
	backup, err := ledger.Upgrade(o.File, opts...)
	if err != nil {
		return ledgerError(o.File, err)
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, upgradeView{Ledger: o.File, Version: ledger.Version, Backup: backup})
	}
	fmt.Fprintf(o.IO.Out, "upgraded: %s is now version %d; the original is kept in %s\n", o.File, ledger.Version, backup)
	return nil
}

// upgradeView is the outcome of ledger upgrade: the file's new version and where the original is.
type upgradeView struct {
	Ledger  string `json:"ledger"`
	Version int    `json:"version"`
	Backup  string `json:"backup"`
}

func ledgerSummary(o *ledgerOptions, f *factory) error {
	st, err := o.read(f)
	if err != nil {
		return err
	}
	sum := st.Summary()
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, sum)
	}
	fmt.Fprintf(o.IO.Out, "ledger:   %s\n", o.File)
	return renderSummary(o.IO.Out, &sum, o.Unit)
}

// renderSummary prints the night's figures: one row a player, then the records of the night;
// worth is what a win is worth under the family ("faan", "value", "" when points are recorded).
func renderSummary(w io.Writer, sum *ledger.Summary, worth string) error {
	fmt.Fprintf(w, "summary:  %d hands, %d drawn\n", sum.Hands, sum.Drawn)
	header := []string{"player", "hands", "wins", "self", "deal-in", "包", "false"}
	if worth != "" {
		header = append(header, "avg "+worth)
	}
	header = append(header, "best", "total")
	rows := make([][]string, 0, len(sum.Players))
	for _, p := range sum.Players {
		name := p.Player
		if p.Left {
			name += " (left)"
		}
		resp := fmt.Sprint(p.Responsible)
		if p.Responsible > 0 {
			resp += " (" + p.ResponsiblePaid.String() + ")"
		}
		row := []string{name, fmt.Sprint(p.Hands), fmt.Sprint(p.Wins), fmt.Sprint(p.SelfDraws), fmt.Sprint(p.DealIns), resp, fmt.Sprint(p.FalseWins)}
		if worth != "" {
			avg := "-"
			if p.AverageFaan > 0 {
				avg = strconv.FormatFloat(p.AverageFaan, 'f', 1, 64)
			}
			row = append(row, avg)
		}
		best := "-"
		if b := p.Biggest; b != nil {
			best = fmt.Sprintf("+%s (hand %d)", b.Gain, b.Number)
		}
		rows = append(rows, append(row, best, p.Total.String()))
	}
	if err := table(w, header, rows); err != nil {
		return err
	}
	if b := sum.Biggest; b != nil {
		fmt.Fprintf(w, "biggest:  hand %d, %s took %s: %s", b.Number, b.Player, b.Gain, b.Result)
		if b.Tiles != "" {
			fmt.Fprintf(w, " [%s]", b.Tiles)
		}
		fmt.Fprintln(w)
	}
	if len(sum.MostWins) > 0 {
		fmt.Fprintf(w, "most wins: %s\n", strings.Join(sum.MostWins, ", "))
	}
	if len(sum.MostDealIns) > 0 {
		fmt.Fprintf(w, "most deal-ins: %s (fed the most wins)\n", strings.Join(sum.MostDealIns, ", "))
	}
	return nil
}
