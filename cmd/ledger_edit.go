package cmd

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
)

func ledgerAmendRun(_ context.Context, o *ledgerAmendOptions, f *factory) error {
	if o.Number < 1 {
		return withHint(usageErrorf("--hand-number: say which hand to correct"), "'mjref ledger show "+o.File+"' lists the hands with their numbers")
	}
	opening := o.opening(f, true)
	opening.Use, opening.ThisHand, opening.Wait = engine.LedgerAmends, o.ThisHand, o.Wait
	// The outcome is the amend, or the verdict on a corrected hand that is not a win.
	doc, err := ledgerDo(&o.ledgerFile, opening, func(l *engine.Ledger) (any, []string, error) {
		if o.ThisHand {
			return nil, nil, usageErrorf("--this-hand is for 'ledger add': an amend is settled by the game's settings")
		}
		if o.Log != "" {
			return nil, nil, usageErrorf("--log with amend: give the corrected result with --winner, --drawn or --false-win")
		}
		v, err := l.Amend(o.Number, o.request())
		if v.Verdict != nil {
			return v.Verdict, v.Warnings, err
		}
		return v, v.Warnings, err
	}, func(w io.Writer, _ *engine.Ledger, doc any) error {
		switch v := doc.(type) {
		case *schema.LedgerAdd:
			renderVerdict(w, v)
			return nil
		case schema.LedgerAmend:
			return renderAmend(w, &v, v.State)
		}
		return fmt.Errorf("ledger amend: %T", doc)
	})
	if _, no := doc.(*schema.LedgerAdd); no && err == nil {
		return errNegative
	}
	return err
}

func renderAmend(w io.Writer, v *schema.LedgerAmend, st *ledger.State) error {
	am := v.Amendment.Amendment
	fmt.Fprintf(w, "amended:  hand %d (%s)\n", am.Number, entryTitle(&am.After, st.Flow.PrevailingWind))
	fmt.Fprintf(w, "was:      %s (%s)\n", am.Before.Hand.String(), changeText(&am.Before))
	fmt.Fprintf(w, "now:      %s (%s)\n", am.After.Hand.String(), changeText(&am.After))
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
	for _, e := range am.Changed {
		fmt.Fprintf(w, "then:     hand %d is now %s: %s (%s)\n", e.Number, entryTitle(&e, st.Flow.PrevailingWind), e.Hand.String(), changeText(&e))
	}
	if len(am.Changed) == 0 && am.Number < st.Played {
		fmt.Fprintf(w, "then:     the later hands are unchanged\n")
	}
	rows := make([][]string, 0, len(v.Change))
	for _, c := range v.Change {
		who := c.Player
		if k := st.Index(c.Player); k < 0 {
			who += " (left)"
		}
		rows = append(rows, []string{who, c.Before.String(), c.After.String(), signed(c.Change)})
	}
	if err := table(w, []string{"player", "before", "after", "change"}, rows); err != nil {
		return err
	}
	return renderNext(w, st)
}

// changeText is each change of hand e, named by the players who played it (not those at the
// table now: a seat may have changed since).
func changeText(e *ledger.Entry) string {
	parts := make([]string, len(e.Names()))
	for i, p := range e.Names() {
		parts[i] = p + " " + signed(e.Deltas[i])
	}
	return strings.Join(parts, ", ")
}

func ledgerSeatRun(_ context.Context, o *ledgerSeatOptions, _ *factory) error {
	action := "seat"
	if o.Rename {
		action = "rename"
	}
	if o.Replace == "" || o.With == "" {
		return withHint(usageErrorf("ledger %s needs --replace OLD and --with NEW", action), "e.g. mjref ledger "+action+" "+o.File+" --replace Dan --with Eve")
	}
	// A seat is not settled: the ruleset need not load, and the run's settings are not the game's.
	_, err := ledgerDo(&o.ledgerFile, engine.LedgerOpening{Record: true, Wait: o.Wait}, func(l *engine.Ledger) (schema.LedgerSeat, []string, error) {
		change := l.Seat
		if o.Rename {
			change = l.Rename
		}
		v, err := change(o.Replace, o.With)
		return v, v.Warnings, err
	}, func(w io.Writer, _ *engine.Ledger, v schema.LedgerSeat) error {
		after := v.State
		if o.Rename {
			fmt.Fprintf(w, "renamed:  %s is now %s, in every hand of the game\n", o.Replace, o.With)
		} else {
			fmt.Fprintf(w, "seat:     %s takes %s's seat from hand %d; %s leaves with %s\n", o.With, o.Replace, after.Hand, o.Replace, leftTotal(after, o.Replace))
		}
		if err := renderStandings(w, after); err != nil {
			return err
		}
		return renderNext(w, after)
	})
	return err
}

func leftTotal(st *ledger.State, name string) string {
	for _, p := range st.People {
		if p.Name == name {
			return p.Total.String()
		}
	}
	return "0"
}

func ledgerVerifyRun(_ context.Context, o *ledgerVerifyOptions, f *factory) error {
	var l *engine.Ledger
	var err error
	if o.File == "-" {
		l, err = openLedgerStdin(o, f)
	} else {
		l, err = engine.OpenLedgerWith(o.File, o.opening(f, false))
	}
	if err != nil {
		return err
	}
	rep, err := ledgerOn(&o.ledgerFile, l, func(l *engine.Ledger) (ledger.Report, []string, error) {
		rep, err := l.Verify()
		if err == nil && o.Head != "" {
			if herr := rep.CheckHead(o.Head); herr != nil {
				err = usageErrorf("--head: %v", herr)
			}
		}
		return rep, l.Warnings(), err
	}, o.text)
	if err == nil && !rep.OK() {
		return errNegative
	}
	return err
}

// text is the report as ledger verify prints it.
func (o *ledgerVerifyOptions) text(w io.Writer, l *engine.Ledger, rep ledger.Report) error {
	fmt.Fprintf(w, "ledger:   %s, version %d, %s, %s standing\n", l.Path(), rep.Version, words.Count(rep.Lines, "line"), words.Count(rep.Hands, "hand"))
	if rep.Head != "" {
		fmt.Fprintf(w, "head:     %s\n", rep.Head)
	}
	if l.ChecksPayments() {
		fmt.Fprintf(w, "payments: %s recomputed from the recorded results", words.Count(rep.Payments, "settlement"))
		if rep.Kept > 0 {
			fmt.Fprintf(w, "; %s kept as given: their points were given, or came from a log", words.Count(rep.Kept, "hand"))
		}
		fmt.Fprintln(w)
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
		fmt.Fprintf(w, "verdict:  %s: the record was changed or damaged\n", words.Count(len(rep.Problems), "problem"))
	}
	if rep.Diverged() {
		fmt.Fprintf(w, "hint:     put back the file last written here, or accept the file as it is with 'mjref ledger recover %s'\n", o.File)
	}
	return nil
}

func ledgerUpgradeRun(_ context.Context, o *ledgerWriteOptions, f *factory) error {
	opening := o.opening(f, false)
	opening.Wait = o.Wait
	_, err := ledgerDo(&o.ledgerFile, opening, func(l *engine.Ledger) (schema.LedgerUpgrade, []string, error) {
		v, err := l.Upgrade()
		return v, v.Warnings, err
	}, func(w io.Writer, _ *engine.Ledger, v schema.LedgerUpgrade) error {
		fmt.Fprintf(w, "upgraded: %s is now version %d; the original is kept in %s\n", o.File, v.Version, v.Backup)
		return nil
	})
	return err
}

func ledgerSummaryRun(_ context.Context, o *ledgerSummaryOptions, f *factory) error {
	_, err := ledgerDo(&o.ledgerFile, o.opening(f, false), func(l *engine.Ledger) (ledger.Summary, []string, error) {
		v, err := l.Show()
		if err != nil {
			return ledger.Summary{}, v.Warnings, err
		}
		return v.State.Summary(), v.Warnings, nil
	}, func(w io.Writer, l *engine.Ledger, sum ledger.Summary) error {
		fmt.Fprintf(w, "ledger:   %s\n", o.File)
		return renderSummary(w, &sum, l.Unit())
	})
	return err
}

// renderSummary prints the night's figures: one row a player, then the records of the night;
// worth is what a win is worth under the family ("faan", "value", "" when points are recorded).
func renderSummary(w io.Writer, sum *ledger.Summary, worth string) error {
	fmt.Fprintf(w, "summary:  %s, %d drawn\n", words.Count(sum.Hands, "hand"), sum.Drawn)
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
		fmt.Fprintf(w, "most deal-ins: %s (the most hands won on their discard)\n", strings.Join(sum.MostDealIns, ", "))
	}
	return nil
}

// openLedgerStdin reads the record to verify from standard input ('ledger verify -').
func openLedgerStdin(o *ledgerVerifyOptions, f *factory) (*engine.Ledger, error) {
	if o.IO.InIsTerminal != nil && o.IO.InIsTerminal() {
		return nil, usageErrorf("'-' reads the ledger from standard input, but it is a terminal: pipe the file in, or name it")
	}
	data, err := safeio.ReadAll(o.IO.In, rulesets.StdinName, ledger.MaxSize)
	if err != nil {
		return nil, withHint(fmt.Errorf("%s: %s", rulesets.StdinName, safeio.Reason(err)), "pipe the file in, or name it")
	}
	return engine.OpenLedgerData(rulesets.StdinName, data, o.opening(f, false))
}
