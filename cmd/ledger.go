package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/tablefit"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
	"github.com/spf13/cobra"
)

// ledgerOptions are the flags of the ledger commands. Action names the subcommand.
type ledgerOptions struct {
	IO     *IOStreams
	Output string
	Action string
	File   string

	// new
	Players, Length, Stake, Target string

	// add, amend
	Winner, Discarder, Win, Responsible, FalseWin string
	Faan, Value                                   string // one value, or one a winner: "5,7"
	Number                                        int    // amend: the hand
	Drawn, Limit, Jokerless, Misnamed, LastTile   bool
	Points, Hands                                 []string
	Log, Note                                     string

	// export and chart
	Format string
	Out    string

	// writers: how long to wait for another writer
	Wait time.Duration

	// seat, rename
	Replace, With string

	// verify
	Head string

	// show
	Summary bool

	// add: this run's --set is for this hand only
	ThisHand bool

	// export, chart
	Excel bool
	Font  string

	// RulesChanged says --rules was given on the command line.
	RulesChanged bool
}

func newLedgerCmd(f *factory, runF func(*ledgerOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ledger",
		Short: "Keep the score of an evening at one table in a file",
		Long: `Keep the score of a game of many hands in a ledger file the table owns: an append-only record
(JSON Lines) written to disk hand by hand, locked against a second writer, and replayed from the
start every time to give the standings, the dealer, the seat winds and the prevailing wind.

Who deals next, when the prevailing wind moves on and when the game ends come from the ruleset's
flow: section (hk: the dealer repeats after a win or a drawn hand, four rounds; american: the deal
passes after every game; deburger-2026: first to 10,000). 'ledger new' may choose another length.

Every line of the record carries a sum of itself and of the line before (a chain): 'ledger show',
'add' and the other commands refuse a record that was edited and name the first line that does not
fit; 'ledger verify' reports every such line, and recomputes every payment from the recorded result.

The writer notes the head of the record (the last line's seq and sum) in a state cache beside the
file (.FILE.state). A record that no longer holds that line (lines removed from the end, or a copy
that went on elsewhere copied back over the file) is refused by add, undo, amend, seat and rename
with both heads named and nothing changed; 'ledger verify' reports it too. Put back the file last
written here, or run 'ledger recover FILE' to accept the file as it is (the hands it lost stay lost).
Files are created with mode 0666 less your umask (0644 by default).

Exit status: 0 ok; 1 the hand given is not a win, or (verify) the record does not check; 2 bad input
(an unknown player, a corrupted record, a game already over: nothing recorded); 4 the file is open
for writing by another mjref (wait with --wait 10s, or run the command again).`,
		Example: `  mjref ledger new evening.jsonl --rules hk --players Ann,Ben,Cat,Dan --length 16-hands
  mjref ledger add evening.jsonl --winner Ben --faan 5 --discarder Cat
  mjref ledger add evening.jsonl --drawn
  mjref ledger add evening.jsonl --hand '123m456p789s111z55z' --winner Ann --win self-draw
  mjref ledger add evening.jsonl --log hand7.yaml
  mjref ledger show evening.jsonl
  mjref ledger add evening.jsonl --winner Ben,Dan --faan 5,3 --discarder Cat
  mjref ledger amend evening.jsonl --hand-number 3 --winner Dan --faan 6 --discarder Cat
  mjref ledger seat evening.jsonl --replace Dan --with Eve
  mjref ledger undo evening.jsonl
  mjref ledger verify evening.jsonl
  mjref ledger export evening.jsonl -o csv
  mjref ledger chart evening.jsonl --out evening.svg`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErrorf("ledger needs a command: new, add, show, undo, amend, seat, rename, verify, recover, upgrade, export or chart\n\n%s", cmd.UsageString())
		},
	}
	cmd.AddCommand(
		newLedgerSub(f, runF, "new", "new FILE", "Start a new game in a new ledger file", ledgerNewFlags),
		newLedgerSub(f, runF, "add", "add FILE", "Record one hand: from its result, the winner's hand, or a referee log", ledgerAddFlags),
		newLedgerSub(f, runF, "show", "show FILE", "Show the standings, who deals, the winds, and the history", ledgerShowFlags),
		newLedgerSub(f, runF, "summary", "summary FILE", "The night in figures: wins, self-draws, deal-ins, 包 paid, false wins, biggest hands", nil),
		newLedgerSub(f, runF, "undo", "undo FILE", "Take back the last hand or amend (recorded as an undo: the file keeps it)", ledgerWaitFlag),
		newLedgerSub(f, runF, "amend", "amend FILE --hand-number N", "Correct the result of an earlier hand; every later hand is recomputed", ledgerAmendFlags),
		newLedgerSub(f, runF, "seat", "seat FILE --replace OLD --with NEW", "A player leaves and another takes the seat (each keeps their own total)", ledgerSeatFlags),
		newLedgerSub(f, runF, "rename", "rename FILE --replace OLD --with NEW", "Correct a player's name throughout the game", ledgerSeatFlags),
		newLedgerSub(f, runF, "verify", "verify FILE", "Check the whole record: every line's sum, the chain, the seqs, the payments", ledgerVerifyFlags),
		newLedgerSub(f, runF, "recover", "recover FILE", "Accept the file as it is when a writer refused it as not the one last written here", ledgerWaitFlag),
		newLedgerSub(f, runF, "upgrade", "upgrade FILE", "Rewrite a version 1 ledger (the first release's) in the current format", ledgerWaitFlag),
		newLedgerSub(f, runF, "export", "export FILE", "Write the game as JSON (-o json) or one row a hand (-o csv)", ledgerExportFlags),
		newLedgerSub(f, runF, "chart", "chart FILE", "Draw each player's running total: sparklines, or an SVG or PNG file (--out)", ledgerChartFlags),
	)
	return cmd
}

const ledgerSummaryLong = `The night in figures, for each player who sat at the table: hands played, wins, self-draws,
deal-ins, hands paid for under 包 (and what was paid in them), false wins, average faan, biggest
win and total; then the biggest hand of the night, and who won and who dealt in the most.

A deal-in is a hand won on the player's discard. One discard that two or three players won on
(一炮多響, settlement.multiple_winners.as=all) is one deal-in, though each winner counts a win; a
player responsible under 包 for two winners of one discard has paid for one hand.`

const ledgerAddLong = `Record one hand in the ledger, in one of three ways:

  from its result   --winner NAME --faan N (hk) | --value N (american), with --discarder NAME for a win
                    on a discard or --win self-draw; --limit (hk), --responsible NAME (包, hk),
                    --jokerless, --misnamed (american); or --drawn; or --false-win NAME.
                    DeBurger: --points "Ann=2700,Ben=1800,Cat=-400,Dan=0" --winner NAME (who went Mahjong).
                    --points gives each player's change directly in any family (no settlement is run).
  from a hand       --hand HAND --winner NAME [--discarder NAME | --win self-draw] [--last-tile]: the
                    hand is scored under the ledger's ruleset at the winner's seat wind and the
                    prevailing wind of this hand; a hand that is not a win is not recorded (exit 1).
                    DeBurger: all four hands, --hand NAME=HAND four times, and --winner NAME.
  from a referee log --log FILE (hk): the log's seats are the places at the table as the game began
                    (the first player listed is E); its dealer: and prevailing: must be this hand's.
                    With seats: wind in the log its seats are this hand's seat winds (E deals).

Players are named as in 'ledger new'. The --set overrides given to 'ledger new' are kept in the
ledger and apply to every hand; a --set given to add that differs from them is refused, unless
--this-hand says it applies to this one hand (the --set is recorded with the hand, which is
settled and checked under it). Bad input records nothing (exit 2). The hand's payments and each
player's change are printed, then the standings.`

func newLedgerSub(f *factory, runF func(*ledgerOptions) error, action, use, short string, flags func(*factory, *cobra.Command, *ledgerOptions)) *cobra.Command {
	o := &ledgerOptions{IO: f.IO, Action: action}
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("ledger %s takes one ledger file, got %d arguments", action, len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File = args[0]
			if action != "export" {
				o.Output = f.Output
			}
			o.RulesChanged = cmd.Root().PersistentFlags().Changed("rules")
			return dispatch(cmd, f, o, runF, ledgerRun)
		},
	}
	switch action {
	case "add":
		cmd.Long = ledgerAddLong
	case "recover":
		cmd.Long = ledgerRecoverLong
	}
	if action == "summary" {
		cmd.Long = ledgerSummaryLong
	}
	if action == "export" {
		cmd.Annotations = map[string]string{rawOutput: "true"} // CSV and JSON, exactly
	}
	if flags != nil {
		flags(f, cmd, o)
	}
	return cmd
}

func ledgerNewFlags(f *factory, cmd *cobra.Command, o *ledgerOptions) {
	fl := cmd.Flags()
	fl.StringVar(&o.Players, "players", "", `the four players in seat order for the first hand, East first: "Ann,Ben,Cat,Dan"`)
	fl.StringVar(&o.Length, "length", "", "how long the game lasts: N-rounds (4-rounds, 1-round)|N-hands (8-hands, 16-hands)|N-games|bust|target|open (default: the ruleset's flow)")
	fl.StringVar(&o.Stake, "stake", "", "each player's starting stack (a bust game needs one)")
	fl.StringVar(&o.Target, "target", "", "the running total that wins a target game (DeBurger: 10000)")
	f.completeFlag(cmd, "length", fixedCompletion([]string{"4-rounds", "8-hands", "16-hands", "8-games", "bust", "target", "open"}))
}

// ledgerWaitFlag is --wait, for the commands that write.
func ledgerWaitFlag(_ *factory, cmd *cobra.Command, o *ledgerOptions) {
	cmd.Flags().DurationVar(&o.Wait, "wait", 0, "wait up to this long (10s, 1m) for another writer to finish, instead of failing at once (exit 4)")
}

func ledgerAmendFlags(f *factory, cmd *cobra.Command, o *ledgerOptions) {
	ledgerAddFlags(f, cmd, o)
	cmd.Flags().IntVar(&o.Number, "hand-number", 0, "the number of the hand to correct, as 'ledger show' lists it")
}

func ledgerSeatFlags(f *factory, cmd *cobra.Command, o *ledgerOptions) {
	ledgerWaitFlag(f, cmd, o)
	cmd.Flags().StringVar(&o.Replace, "replace", "", "the player who leaves (seat) or the name to correct (rename)")
	cmd.Flags().StringVar(&o.With, "with", "", "the player who sits down (seat) or the right name (rename)")
	f.completeFlag(cmd, "replace", completePlayers)
}

func ledgerShowFlags(_ *factory, cmd *cobra.Command, o *ledgerOptions) {
	cmd.Flags().BoolVar(&o.Summary, "summary", false, "also print the night's summary (as 'ledger summary' does)")
}

func ledgerVerifyFlags(_ *factory, cmd *cobra.Command, o *ledgerOptions) {
	cmd.Flags().StringVar(&o.Head, "head", "", "the head noted earlier (SEQ:SUM, as show and add print it): also check that no line was removed from the end")
}

func ledgerAddFlags(f *factory, cmd *cobra.Command, o *ledgerOptions) {
	ledgerWaitFlag(f, cmd, o)
	fl := cmd.Flags()
	fl.StringVar(&o.Winner, "winner", "", "the player who won (DeBurger: who went Mahjong); several on one discard: Ben,Dan")
	fl.StringVar(&o.Discarder, "discarder", "", "the player who discarded the winning tile (or made the robbed kong)")
	fl.StringVar(&o.Win, "win", "", "how the hand was won: "+strings.Join(scoring.WinKinds(), "|")+" (default discard with --discarder)")
	fl.StringVar(&o.Faan, "faan", "", "Hong Kong: the winning hand's faan (several winners: one each, 5,3)")
	fl.StringVar(&o.Value, "value", "", "American: the card line's value (several winners: one each, 25,30)")
	fl.BoolVar(&o.Limit, "limit", false, "Hong Kong: a limit hand")
	fl.StringVar(&o.Responsible, "responsible", "", "Hong Kong: the player who pays alone under responsibility (包)")
	fl.BoolVar(&o.Jokerless, "jokerless", false, "American: no jokers, on a line with the jokerless bonus")
	fl.BoolVar(&o.Misnamed, "misnamed", false, "American: the discarder misnamed the winning discard")
	fl.BoolVar(&o.Drawn, "drawn", false, "the hand was drawn (流局, a wall game): nobody pays")
	fl.StringVar(&o.FalseWin, "false-win", "", "the player who declared a false win (詐糊) and pays the penalty")
	fl.StringArrayVar(&o.Points, "points", nil, `each player's change, given directly: "Ann=2700,Ben=1800,Cat=-400,Dan=0"`)
	fl.StringArrayVar(&o.Hands, "hand", nil, "the winner's hand in notation (DeBurger: NAME=HAND for each of the four players)")
	fl.BoolVar(&o.LastTile, "last-tile", false, "with --hand: the win was on the last tile of the wall")
	fl.StringVar(&o.Log, "log", "", "a referee log of the hand (YAML or JSON Lines), replayed and settled")
	fl.StringVar(&o.Note, "note", "", "a note kept with the hand")
	fl.BoolVar(&o.ThisHand, "this-hand", false, "the --set given applies to this hand only (otherwise a --set that differs from the game's is refused)")
	f.completeFlag(cmd, "win", fixedCompletion(scoring.WinKinds()))
	for _, name := range []string{"winner", "discarder", "responsible", "false-win"} {
		f.completeFlag(cmd, name, completePlayers)
	}
}

// completePlayers completes a player's name from the ledger file named on the command line.
func completePlayers(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	st, err := ledger.Read(args[0])
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return st.Players[:], cobra.ShellCompDirectiveNoFileComp
}

// exportFormats are the values of export's own -o.
var exportFormats = []string{ledger.FormatJSON, ledger.FormatCSV, ledger.FormatJSONL}

func ledgerExportFlags(f *factory, cmd *cobra.Command, o *ledgerOptions) {
	// export has its own -o, which shadows the global one: csv is a format of this command only.
	o.Format = ledger.FormatJSON
	cmd.Flags().VarP(&enumFlag{value: &o.Format, allowed: exportFormats}, "output", "o", "export format: json (the game), csv (a row a hand), jsonl (the events as recorded)")
	cmd.Flags().BoolVar(&o.Excel, "excel", false, "csv: start with a UTF-8 byte order mark, so Excel on Windows reads Chinese (any non-ASCII) names right")
	f.completeFlag(cmd, "output", fixedCompletion(exportFormats))
}

func ledgerChartFlags(_ *factory, cmd *cobra.Command, o *ledgerOptions) {
	cmd.Flags().StringVar(&o.Out, "out", "", "write the chart to a file: .svg or .png (default: sparklines on the terminal)")
	cmd.Flags().StringVar(&o.Font, "font", "", "a .ttf, .otf or .ttc font for the picture's text, for names the built-in font cannot draw (Chinese: e.g. NotoSansCJK-Regular.ttc); without it a known system CJK font is tried, then such a name is drawn as P1..P4 with a warning")
}

func ledgerRun(_ context.Context, o *ledgerOptions, f *factory) error {
	switch o.Action {
	case "new":
		return ledgerNew(o, f)
	case "add":
		return ledgerAdd(o, f)
	case "show":
		return ledgerShow(o, f)
	case "undo":
		return ledgerUndo(o, f)
	case "amend":
		return ledgerAmend(o, f)
	case "seat", "rename":
		return ledgerSeat(o, f)
	case "verify":
		return ledgerVerify(o, f)
	case "summary":
		return ledgerSummary(o, f)
	case "upgrade":
		return ledgerUpgrade(o, f)
	case "recover":
		return ledgerRecover(o, f)
	case "export":
		return ledgerExport(o, f)
	case "chart":
		return ledgerChart(o, f)
	}
	return fmt.Errorf("ledger: unknown action %q", o.Action)
}

// ledgerError makes a library error bad input (exit 2) with a hint where one helps.
func ledgerError(path string, err error) error {
	var re *ledger.RecordError
	var be *ledger.BackupError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &be):
		return withHint(err, "move "+be.Backup+" away (it is not this file's original; nothing was changed), then run 'mjref ledger upgrade "+path+"' again")
	case errors.Is(err, os.ErrNotExist):
		return withHint(err, "start a game with 'mjref ledger new "+path+" --players A,B,C,D'")
	case errors.Is(err, ledger.ErrLocked):
		return busyError{err} // exit 4, not bad input
	case errors.Is(err, ledger.ErrDiverged):
		return withHint(err, recoverHint(path, "put back the file last written here, or accept the file as it is"))
	case errors.Is(err, ledger.ErrCache):
		return withHint(err, "mjref writes its state cache as a plain file: 'mjref ledger recover "+path+"' replaces it with one rebuilt from the record")
	case errors.As(err, &re):
		return withHint(err, "the record was changed by hand or damaged: restore it from a copy, or fix that line")
	case errors.Is(err, ledger.ErrExists):
		return withHint(err, "choose another file name, or add hands to it with 'mjref ledger add "+path+"'")
	case errors.Is(err, ledger.ErrGameOver):
		return withHint(err, "start a new game with 'mjref ledger new', or take back the last hand with 'mjref ledger undo'")
	case errors.Is(err, ledger.ErrNothingToUndo):
		return withHint(err, "")
	case errors.Is(err, ledger.ErrOldVersion):
		return withHint(err, "'mjref ledger upgrade "+path+"' rewrites it in the current format and keeps the original as "+path+".v1")
	case errors.Is(err, ledger.ErrUndoSeat):
		return withHint(err, "")
	case errors.Is(err, ledger.ErrNoHand):
		return withHint(err, "'mjref ledger show "+path+"' lists the hands standing")
	case errors.Is(err, ledger.ErrChanged):
		return withHint(err, "another program wrote the file: check it with 'mjref ledger show "+path+"'")
	}
	return withHint(err, "")
}

// busyError is a ledger locked by another writer: exit 4 with a hint.
type busyError struct{ err error }

func (e busyError) Error() string { return e.err.Error() }
func (e busyError) Unwrap() error { return e.err }

// checkLedgerRules refuses this run's --set and --rules when they would change how the game h is
// paid: a ledger keeps the ruleset and the overrides it was started with (a --set that differs
// from them needs --this-hand, in add). It leaves f.Sets the game's overrides and this run's.
func checkLedgerRules(o *ledgerOptions, f *factory, h *ledger.Header) error {
	// The overrides the game began with come first. A --set of this run that is not one of them
	// would change how the game is paid: refused, unless --this-hand says it is for this hand only.
	for _, set := range f.Sets {
		if slices.Contains(h.Sets, set) {
			continue
		}
		if o.ThisHand && o.Action == "add" {
			continue
		}
		key, _, _ := strings.Cut(set, "=")
		from := fmt.Sprintf("the ruleset %s's own setting (no --set for it was given to 'ledger new')", h.Ruleset)
		for _, g := range h.Sets {
			if k, _, _ := strings.Cut(g, "="); k == key {
				from = fmt.Sprintf("--set %s, given to 'ledger new' and kept in the ledger's header (line 1)", g)
			}
		}
		hint := "a ledger keeps the settings it was started with; to pay one hand differently, add --this-hand to 'ledger add'"
		if o.Action != "add" && o.Action != "amend" {
			hint = "a ledger keeps the settings it was started with: drop --set"
		}
		return withHint(usageErrorf("--set %s: the game plays %s by %s", set, key, from), hint)
	}
	if o.ThisHand && len(f.Sets) == 0 {
		return usageErrorf("--this-hand: give the --set that applies to this hand only")
	}
	f.Sets = append(slices.Clone(h.Sets), f.Sets...)
	if o.RulesChanged && f.Rules != h.Ruleset {
		rs, err := f.Ruleset()
		abs, _ := filepath.Abs(f.Rules)
		if err != nil || (rs.Name != h.Ruleset && abs != h.Ruleset) {
			return withHint(usageErrorf("--rules %s: the ledger %s is played under %s", f.Rules, o.File, h.Ruleset),
				"drop --rules: a ledger keeps the ruleset it was started with")
		}
	}
	return nil
}

// openLedger opens the ledger file through the engine, after refusing a --set or --rules that
// would change how the game is paid. write says the command records a hand: its ruleset must
// load; a command that only reads the record (or undoes) reads it without checking its payments
// when the ruleset cannot be loaded, with a warning.
func openLedger(o *ledgerOptions, f *factory, write bool) (*engine.Ledger, error) {
	h, err := ledger.ReadHeader(o.File) // the header alone: add costs the same at every hand
	if err != nil {
		return nil, ledgerError(o.File, err)
	}
	if err := checkLedgerRules(o, f, &h); err != nil {
		return nil, err
	}
	open := engine.OpenLedgerRecord
	if write {
		open = engine.OpenLedger
	}
	l, err := open(o.File)
	if err != nil {
		return nil, ledgerFail(o.File, err)
	}
	l.Wait = o.Wait
	return l, nil
}

// ledgerFail is an error from the engine's ledger: bad input as the engine says it, a ledger's
// own error as ledgerError makes it.
func ledgerFail(path string, err error) error {
	if err == nil || engine.IsInput(err) && !errors.Is(err, os.ErrNotExist) { // a missing file gets its hint
		return err
	}
	return ledgerError(path, err)
}

// warn prints what an operation met and went on from, on stderr.
func (o *ledgerOptions) warn(warnings []string) {
	for _, w := range warnings {
		fmt.Fprintf(o.IO.ErrOut, "mjref: %s\n", w)
	}
}

func ledgerNew(o *ledgerOptions, f *factory) error {
	if _, err := f.Ruleset(); err != nil {
		return err
	}
	if o.Players == "" {
		return withHint(usageErrorf("--players: name the four players"), `in seat order for the first hand, East first: --players "Ann,Ben,Cat,Dan"`)
	}
	names := strings.Split(o.Players, ",")
	if len(names) != 4 {
		return usageErrorf("--players %q: name four players, comma-separated, got %d", o.Players, len(names))
	}
	opt := engine.NewLedgerOptions{Set: f.Sets, Length: o.Length, Stake: o.Stake, Target: o.Target}
	for i, n := range names {
		opt.Players[i] = strings.TrimSpace(n)
	}
	if _, err := f.Engine(""); err != nil { // the ruleset binds (f.Ruleset's error says where it came from)
		return err
	}
	l, err := engine.NewLedger(o.File, f.Rules, opt)
	if err != nil {
		var re *scoring.RuleError
		if errors.As(err, &re) {
			return withHint(err, "a bust game needs --stake N; a target game needs --target N; a game in rounds needs a prevailing wind")
		}
		return ledgerFail(o.File, err)
	}
	v, err := l.Show()
	o.warn(v.Warnings)
	if err != nil {
		return ledgerFail(o.File, err)
	}
	st := v.State
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	fmt.Fprintf(o.IO.Out, "ledger:   %s: a new game\n", o.File)
	return renderPosition(o.IO.Out, st)
}

func ledgerAdd(o *ledgerOptions, f *factory) error {
	run := slices.Clone(f.Sets) // this run's --set, before the game's are put first
	l, err := openLedger(o, f, true)
	if err != nil {
		return err
	}
	var opt engine.AddOptions
	if o.ThisHand {
		opt.Sets = run
	}
	if o.Log != "" {
		if opt.Log, err = readLogFile(o.Log, "--log names a referee log file (YAML or JSON Lines); see 'mjref help'"); err != nil {
			return err
		}
		opt.LogName = o.Log
	}
	v, err := l.AddWith(o.request(), opt)
	o.warn(v.Warnings)
	if err != nil {
		return ledgerFail(o.File, err)
	}
	if !v.Recorded {
		if o.Output != FormatTable {
			if err := render(o.IO.Out, o.Output, v); err != nil {
				return err
			}
		} else {
			renderVerdict(o.IO.Out, &v)
		}
		return errNegative
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	return renderAdd(o.IO.Out, &v, v.State)
}

// request is the hand the flags describe, for the family to read.
func (o *ledgerOptions) request() family.LedgerRequest {
	return family.LedgerRequest{Winner: o.Winner, Discarder: o.Discarder, Win: o.Win, Faan: family.NumberText(o.Faan), Value: family.NumberText(o.Value),
		Limit: o.Limit, Responsible: o.Responsible, Jokerless: o.Jokerless, Misnamed: o.Misnamed, Drawn: o.Drawn,
		FalseWin: o.FalseWin, Points: o.Points, Hands: o.Hands, LastTile: o.LastTile, Note: o.Note}
}

func renderVerdict(w io.Writer, v *schema.LedgerAdd) {
	if v.Hand != "" {
		fmt.Fprintf(w, "hand:     %s\n", v.Hand)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
	fmt.Fprintf(w, "verdict:  %s: nothing recorded\n", v.Reason)
}

func renderAdd(w io.Writer, v *schema.LedgerAdd, st *ledger.State) error {
	e := v.Entry.Entry
	fmt.Fprintf(w, "%-9s %s\n", fmt.Sprintf("hand %d:", e.Number), entryTitle(e, st.Flow.PrevailingWind))
	if v.Hand != "" {
		fmt.Fprintf(w, "tiles:    %s\n", v.Hand)
	}
	fmt.Fprintf(w, "result:   %s\n", e.Hand.String())
	if e.Hand.Note != "" {
		fmt.Fprintf(w, "note:     %s\n", e.Hand.Note)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
	if len(v.Payments) > 0 {
		rows := make([][]string, 0, len(v.Payments))
		for _, p := range v.Payments {
			rows = append(rows, []string{p.From, p.To, p.Amount.String(), p.Rule, p.Detail})
		}
		if err := table(w, []string{"from", "to", "amount", "rule", "detail"}, rows); err != nil {
			return err
		}
	}
	parts := make([]string, 4)
	for i, p := range st.Players {
		parts[i] = p + " " + signed(e.Deltas[i])
	}
	fmt.Fprintf(w, "change:   %s\n", strings.Join(parts, ", "))
	if err := renderStandings(w, st); err != nil {
		return err
	}
	return renderNext(w, st)
}

// entryTitle is "Ben deals (repeat 1), prevailing E, round 1"; without a prevailing wind in the
// flow, "Ben deals".
func entryTitle(e *ledger.Entry, wind bool) string {
	s := e.Dealer + " deals"
	if e.Repeat > 0 {
		s += fmt.Sprintf(" (repeat %d)", e.Repeat)
	}
	if !wind {
		return s
	}
	return s + fmt.Sprintf(", prevailing %s, round %d", e.Prevailing, e.Round)
}

func signed(a ledger.Amount) string {
	if a > 0 {
		return "+" + a.String()
	}
	return a.String()
}

func renderStandings(w io.Writer, st *ledger.State) error {
	header := []string{"rank", "player", "seat", "total"}
	stake := st.Flow.Stake > 0
	if stake {
		header = append(header, "stack")
	}
	var rows [][]string
	for _, s := range st.Standings() {
		row := []string{fmt.Sprint(s.Rank), s.Player, s.Seat.String(), s.Total.String()}
		if stake {
			row = append(row, s.Stack.String())
		}
		rows = append(rows, row)
	}
	return table(w, header, rows)
}

// renderNext prints where the game stands: the next hand, or that the game is over.
func renderNext(w io.Writer, st *ledger.State) error {
	if st.Over {
		fmt.Fprintf(w, "game:     over after %s: %s\n", words.Count(st.Played, "hand"), st.Reason)
		return nil
	}
	if st.Reason != "" {
		fmt.Fprintf(w, "game:     %s\n", st.Reason)
	}
	fmt.Fprintf(w, "next:     hand %d, %s deals", st.Hand, st.Dealer)
	if st.Repeat > 0 {
		fmt.Fprintf(w, " again (repeat %d)", st.Repeat)
	}
	if st.Flow.PrevailingWind {
		fmt.Fprintf(w, ", prevailing %s, round %d", st.Prevailing, st.Round)
	}
	fmt.Fprintf(w, "; seats %s\n", seatsOf(st))
	return nil
}

func seatsOf(st *ledger.State) string {
	parts := make([]string, 4)
	for i, p := range st.Players {
		parts[i] = p + " " + st.Seats[i].String()
	}
	return strings.Join(parts, ", ")
}

// renderPosition prints a game's header and where it stands.
func renderPosition(w io.Writer, st *ledger.State) error {
	rules := st.Ruleset
	if filepath.IsAbs(rules) {
		rules = filepath.Base(rules) // a ruleset file: its name is enough here
	}
	fmt.Fprintf(w, "ruleset:  %s, family %s, length %s", rules, st.Family, st.Flow.Length)
	if st.Flow.Stake > 0 {
		fmt.Fprintf(w, ", stake %s", st.Flow.Stake)
	}
	if st.Flow.Length.Kind == ledger.Target {
		fmt.Fprintf(w, ", target %s", st.Flow.Target)
	}
	fmt.Fprintln(w)
	if len(st.Sets) > 0 {
		fmt.Fprintf(w, "settings: %s (kept from the start of the game)\n", strings.Join(st.Sets, ", "))
	}
	fmt.Fprintf(w, "players:  %s\n", strings.Join(st.Players[:], ", "))
	fmt.Fprintf(w, "played:   %s", words.Count(st.Played, "hand"))
	if st.Undone > 0 {
		fmt.Fprintf(w, " (%d taken back)", st.Undone)
	}
	fmt.Fprintln(w)
	if err := renderStandings(w, st); err != nil {
		return err
	}
	return renderNext(w, st)
}

func ledgerShow(o *ledgerOptions, f *factory) error {
	l, err := openLedger(o, f, false)
	if err != nil {
		return err
	}
	v, err := l.Show()
	o.warn(v.Warnings)
	if err != nil {
		return ledgerFail(o.File, err)
	}
	st := v.State
	if o.Summary {
		sum := st.Summary()
		v.Summary = &sum
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	fmt.Fprintf(o.IO.Out, "ledger:   %s\n", o.File)
	if err := renderPosition(o.IO.Out, st); err != nil {
		return err
	}
	if len(st.History) == 0 {
		return nil
	}
	// One column a player of the evening: a player who left, or sat down later, has empty cells
	// for the hands they did not play.
	people := make([]string, len(st.People))
	for i, p := range st.People {
		people[i] = p.Name
	}
	header, rows := historyTable(st, people, false)
	narrow := false
	if fw, ok := o.IO.Out.(*fitWriter); ok {
		if _, _, fits := tablefit.Fit(header, escapeCells(rows), fw.width); !fits {
			// Too wide for the terminal: the narrow layout, with the notes after the table. Too
			// wide even so, the wide one is laid out as a record a hand.
			h, r := historyTable(st, people, true)
			if _, _, fits := tablefit.Fit(h, escapeCells(r), fw.width); fits {
				header, rows, narrow = h, r, true
			}
		}
	}
	fmt.Fprintln(o.IO.Out, "history:")
	if err := tableLines(o.IO.Out, header, rows); err != nil {
		return err
	}
	for _, e := range st.History {
		if narrow && e.Hand.Note != "" {
			fmt.Fprintf(o.IO.Out, "note:     hand %d: %s\n", e.Number, termtext.Escape(e.Hand.Note))
		}
	}
	if o.Summary {
		return renderSummary(o.IO.Out, v.Summary, l.Unit())
	}
	return nil
}

// historyTable is ledger show's history, a cell a list of lines: for each hand its number,
// prevailing wind (when the game has one), dealer and result, and each player's change and total
// ("+36 = 36"). The narrow layout, for a terminal too narrow for that, puts the wind under the
// number, the dealer over the result, and each player's total under the change.
func historyTable(st *ledger.State, people []string, narrow bool) ([]string, [][][]string) {
	wind := st.Flow.PrevailingWind
	header := []string{"hand"}
	switch {
	case narrow:
		header = []string{"#", "hand"}
	case wind:
		header = append(header, "wind", "dealer", "result")
	default:
		header = append(header, "dealer", "result")
	}
	header = append(header, people...)
	rows := make([][][]string, 0, len(st.History))
	for _, e := range st.History {
		dealer := e.Dealer
		if e.Repeat > 0 {
			dealer += fmt.Sprintf(" (+%d)", e.Repeat)
		}
		result := e.Hand.String()
		switch {
		case e.Hand.Note != "" && narrow:
			result += " (see the notes)" // a note's long words would not fit: they follow the table
		case e.Hand.Note != "":
			result += " (" + e.Hand.Note + ")"
		}
		if e.Amended > 0 {
			result += " [amended]"
		}
		var row [][]string
		switch {
		case narrow && wind:
			row = [][]string{{fmt.Sprint(e.Number), e.Prevailing.String()}, {dealer + " deals:", result}}
		case narrow:
			row = [][]string{{fmt.Sprint(e.Number)}, {dealer + " deals:", result}}
		case wind:
			row = [][]string{{fmt.Sprint(e.Number)}, {e.Prevailing.String()}, {dealer}, {result}}
		default:
			row = [][]string{{fmt.Sprint(e.Number)}, {dealer}, {result}}
		}
		for _, name := range people {
			var cell []string
			if i := slices.Index(e.Players[:], name); i >= 0 {
				cell = []string{signed(e.Deltas[i]) + " = " + e.Totals[i].String()}
				if narrow {
					cell = []string{signed(e.Deltas[i]), "= " + e.Totals[i].String()}
				}
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return header, rows
}

func ledgerUndo(o *ledgerOptions, f *factory) error {
	l, err := openLedger(o, f, false)
	if err != nil {
		return err
	}
	v, err := l.Undo()
	o.warn(v.Warnings)
	if err != nil {
		return ledgerFail(o.File, err)
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	e, st := v.Undone.Entry, v.State
	if v.Amend {
		fmt.Fprintf(o.IO.Out, "undone:   the amend of hand %d (%s); the hand stands as it was before it\n", e.Number, e.Hand.String())
	} else {
		fmt.Fprintf(o.IO.Out, "undone:   hand %d (%s): %s\n", e.Number, entryTitle(e, st.Flow.PrevailingWind), e.Hand.String())
	}
	if err := renderStandings(o.IO.Out, st); err != nil {
		return err
	}
	return renderNext(o.IO.Out, st)
}

func ledgerExport(o *ledgerOptions, f *factory) error {
	l, err := openLedger(o, f, false)
	if err != nil {
		return err
	}
	v, err := l.Show()
	o.warn(v.Warnings)
	if err != nil {
		return ledgerFail(o.File, err)
	}
	switch o.Format {
	case ledger.FormatJSONL:
		return ledgerFail(o.File, l.Export(o.IO.Out, ledger.FormatJSONL))
	case ledger.FormatCSV:
		return ledger.ExportCSV(o.IO.Out, v.State, ledger.ExportOptions{Excel: o.Excel})
	}
	if o.Excel {
		return usageErrorf("--excel is for -o csv")
	}
	return render(o.IO.Out, FormatJSON, v) // the game, as ledger show -o json prints it
}

func ledgerChart(o *ledgerOptions, f *factory) error {
	l, err := openLedger(o, f, false)
	if err != nil {
		return err
	}
	v, err := l.Show()
	o.warn(v.Warnings)
	if err != nil {
		return ledgerFail(o.File, err)
	}
	st := *v.State
	if o.Out == "" {
		if o.Output != FormatTable {
			return render(o.IO.Out, o.Output, newChartView(o.File, &st))
		}
		_, err := io.WriteString(o.IO.Out, ledger.Sparklines(&st, 60))
		return err
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.Out)), ".")
	if format != chart.SVG && format != chart.PNG {
		return usageErrorf("--out %s: the file name must end in .svg or .png", o.Out)
	}
	// The picture is drawn into a temporary file renamed into place: a full disk or a failed
	// drawing leaves no empty or half-written file behind.
	var warnings []string
	if err := filewrite.Write(o.Out, func(w io.Writer) (err error) {
		warnings, err = chart.Draw(&st, w, format, chart.Options{Font: o.Font})
		return err
	}); err != nil {
		var fe *chart.FontError
		if errors.As(err, &fe) {
			return withHint(usageErrorf("%v", fe), "nothing was written; --font takes a TrueType or OpenType font file (.ttf, .otf or .ttc) that has the names' characters, such as NotoSansCJK-Regular.ttc")
		}
		return withHint(fmt.Errorf("--out %s: %w", o.Out, err), "nothing was written; free some space or choose another directory")
	}
	for _, w := range warnings {
		fmt.Fprintf(o.IO.ErrOut, "mjref: warning: %s\n", w)
	}
	if o.Output != FormatTable {
		v := newChartView(o.File, &st)
		v.Out, v.Format = o.Out, format
		return render(o.IO.Out, o.Output, v)
	}
	fmt.Fprintf(o.IO.Out, "chart:    %s (%s, %s)\n", o.Out, words.Count(len(st.History), "hand"), format)
	return nil
}
