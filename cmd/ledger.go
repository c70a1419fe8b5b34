package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
	"github.com/spf13/cobra"
)

// ledgerFile is what every ledger command is given: the streams, the output format and the file.
type ledgerFile struct {
	IO     *IOStreams
	Output string
	File   string
	// RulesChanged says --rules was given on the command line.
	RulesChanged bool
}

// ledgerNewOptions are the flags of ledger new.
type ledgerNewOptions struct {
	ledgerFile
	Players, Length, Stake, Target string
}

// ledgerResult are the flags that give one hand's result, in ledger add and amend.
type ledgerResult struct {
	Winner, Discarder, Win, Responsible, FalseWin string
	Faan, Value                                   string // one value, or one a winner: "5,7"
	Drawn, Limit, Jokerless, Misnamed, LastTile   bool
	Points, Hands                                 []string
	Log, Note                                     string
	// Riichi: the worth (one a winner), who put a stick down, who was ready, the abortive draw.
	Han, Fu, Yakuman, Riichi, Tenpai, Nagashi, Abortive string
	// ThisHand: this run's --set is for this hand only.
	ThisHand bool
	// Wait is how long to wait for another writer.
	Wait time.Duration
}

// ledgerAddOptions are the flags of ledger add.
type ledgerAddOptions struct {
	ledgerFile
	ledgerResult
}

// ledgerAmendOptions are the flags of ledger amend: add's, and the hand to correct.
type ledgerAmendOptions struct {
	ledgerFile
	ledgerResult
	Number int
}

// ledgerShowOptions are the flags of ledger show.
type ledgerShowOptions struct {
	ledgerFile
	Summary bool
}

// ledgerSummaryOptions are the flags of ledger summary.
type ledgerSummaryOptions struct{ ledgerFile }

// ledgerWriteOptions are the flags of a command that changes the file and takes nothing else
// (undo, recover, upgrade): how long to wait for another writer.
type ledgerWriteOptions struct {
	ledgerFile
	Wait time.Duration
}

// ledgerSeatOptions are the flags of ledger seat and rename (Rename).
type ledgerSeatOptions struct {
	ledgerFile
	Rename        bool
	Replace, With string
	Wait          time.Duration
}

// ledgerVerifyOptions are the flags of ledger verify.
type ledgerVerifyOptions struct {
	ledgerFile
	Head string
}

// ledgerExportOptions are the flags of ledger export: its own -o (Format).
type ledgerExportOptions struct {
	ledgerFile
	Format string
	Excel  bool
}

// ledgerChartOptions are the flags of ledger chart.
type ledgerChartOptions struct {
	ledgerFile
	Out, Font string
}

// newLedgerCmd is mjref ledger and its commands. runF, when not nil, is given the options of the
// command run instead of running it (tests of the flags).
func newLedgerCmd(f *factory, runF func(any) error) *cobra.Command {
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
fit; 'ledger verify' reports every such line, and recomputes every payment from the recorded result
(a hand whose payments were given, by points or from a log, is counted as kept as given).

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
  mjref ledger add riichi.jsonl --winner Cat --han 3 --fu 30 --discarder Dan --riichi Cat
  mjref ledger import tenhou.jsonl 2024010100gm-00a9-0000-abcdef.mjlog
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
			return usageErrorf("ledger needs a command: new, import, add, show, undo, amend, seat, rename, verify, recover, upgrade, export or chart\n\n%s", cmd.UsageString())
		},
	}
	cmd.AddCommand(
		newLedgerNewCmd(f, runner[*ledgerNewOptions](runF)),
		newLedgerImportCmd(f, runner[*ledgerImportOptions](runF)),
		newLedgerAddCmd(f, runner[*ledgerAddOptions](runF)),
		newLedgerShowCmd(f, runner[*ledgerShowOptions](runF)),
		newLedgerSummaryCmd(f, runner[*ledgerSummaryOptions](runF)),
		newLedgerWriteCmd(f, runner[*ledgerWriteOptions](runF), "undo", "Take back the last hand or amend (recorded as an undo: the file keeps it)", "", ledgerUndoRun),
		newLedgerAmendCmd(f, runner[*ledgerAmendOptions](runF)),
		newLedgerSeatCmd(f, runner[*ledgerSeatOptions](runF), false),
		newLedgerSeatCmd(f, runner[*ledgerSeatOptions](runF), true),
		newLedgerVerifyCmd(f, runner[*ledgerVerifyOptions](runF)),
		newLedgerWriteCmd(f, runner[*ledgerWriteOptions](runF), "recover", "Accept the file as it is when a writer refused it as not the one last written here", ledgerRecoverLong, ledgerRecoverRun),
		newLedgerWriteCmd(f, runner[*ledgerWriteOptions](runF), "upgrade", "Rewrite a version 1 ledger (the first release's) in the current format", "", ledgerUpgradeRun),
		newLedgerExportCmd(f, runner[*ledgerExportOptions](runF)),
		newLedgerChartCmd(f, runner[*ledgerChartOptions](runF)),
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
                    riichi: --winner NAME --han N --fu N (or --yakuman N) with --discarder NAME or
                    --win tsumo, --riichi NAMES (who put a stick down), --responsible NAME (pao);
                    --drawn with --tenpai NAMES (--nagashi NAMES); --abortive ID. The honba and the
                    riichi sticks on the table are the ledger's own: 'ledger show' prints them.
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

// runner is runF for one command's options O, nil when runF is.
func runner[O any](runF func(any) error) func(O) error {
	if runF == nil {
		return nil
	}
	return func(o O) error { return runF(o) }
}

// newLedgerSub is a ledger command on one file, lf, which it fills from the command line before
// run runs.
func newLedgerSub(f *factory, lf *ledgerFile, use, short string, run func(cmd *cobra.Command) error) *cobra.Command {
	action, _, _ := strings.Cut(use, " ")
	lf.IO = f.IO
	return &cobra.Command{
		Use:   use,
		Short: short,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("ledger %s takes one ledger file, got %d arguments", action, len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			lf.File, lf.Output = args[0], f.Output
			if action == "export" {
				lf.Output = FormatTable // export's -o is its own: it writes its formats itself
			}
			lf.RulesChanged = cmd.Root().PersistentFlags().Changed("rules")
			return run(cmd)
		},
	}
}

func newLedgerNewCmd(f *factory, runF func(*ledgerNewOptions) error) *cobra.Command {
	o := &ledgerNewOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "new FILE", "Start a new game in a new ledger file", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerNewRun)
	})
	fl := cmd.Flags()
	fl.StringVar(&o.Players, "players", "", `the four players in seat order for the first hand, East first: "Ann,Ben,Cat,Dan" (three under riichi-sanma)`)
	fl.StringVar(&o.Length, "length", "", "how long the game lasts: N-rounds (4-rounds, 1-round)|N-hands (8-hands, 16-hands)|N-games|bust|target|open (default: the ruleset's flow)")
	fl.StringVar(&o.Stake, "stake", "", "each player's starting stack (a bust game needs one)")
	fl.StringVar(&o.Target, "target", "", "the running total that wins a target game (DeBurger: 10000)")
	f.completeFlag(cmd, "length", fixedCompletion([]string{"4-rounds", "8-hands", "16-hands", "8-games", "bust", "target", "open"}))
	return cmd
}

func newLedgerAddCmd(f *factory, runF func(*ledgerAddOptions) error) *cobra.Command {
	o := &ledgerAddOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "add FILE", "Record one hand: from its result, the winner's hand, or a referee log", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerAddRun)
	})
	cmd.Long = ledgerAddLong
	o.ledgerResult.flags(f, cmd)
	return cmd
}

func newLedgerAmendCmd(f *factory, runF func(*ledgerAmendOptions) error) *cobra.Command {
	o := &ledgerAmendOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "amend FILE --hand-number N", "Correct the result of an earlier hand; every later hand is recomputed", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerAmendRun)
	})
	o.ledgerResult.flags(f, cmd)
	cmd.Flags().IntVar(&o.Number, "hand-number", 0, "the number of the hand to correct, as 'ledger show' lists it")
	return cmd
}

func newLedgerShowCmd(f *factory, runF func(*ledgerShowOptions) error) *cobra.Command {
	o := &ledgerShowOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "show FILE", "Show the standings, who deals, the winds, and the history", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerShowRun)
	})
	cmd.Flags().BoolVar(&o.Summary, "summary", false, "also print the night's summary (as 'ledger summary' does)")
	return cmd
}

func newLedgerSummaryCmd(f *factory, runF func(*ledgerSummaryOptions) error) *cobra.Command {
	o := &ledgerSummaryOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "summary FILE", "The night in figures: wins, self-draws, deal-ins, 包 paid, false wins, biggest hands", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerSummaryRun)
	})
	cmd.Long = ledgerSummaryLong
	return cmd
}

// newLedgerWriteCmd is a command that changes the file and takes only --wait: undo, recover,
// upgrade.
func newLedgerWriteCmd(f *factory, runF func(*ledgerWriteOptions) error, action, short, long string, run func(context.Context, *ledgerWriteOptions, *factory) error) *cobra.Command {
	o := &ledgerWriteOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, action+" FILE", short, func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, run)
	})
	cmd.Long = long
	waitFlag(cmd, &o.Wait)
	return cmd
}

// newLedgerSeatCmd is ledger seat, or ledger rename.
func newLedgerSeatCmd(f *factory, runF func(*ledgerSeatOptions) error, rename bool) *cobra.Command {
	o := &ledgerSeatOptions{Rename: rename}
	use, short := "seat FILE --replace OLD --with NEW", "A player leaves and another takes the seat (each keeps their own total)"
	if rename {
		use, short = "rename FILE --replace OLD --with NEW", "Correct a player's name throughout the game"
	}
	cmd := newLedgerSub(f, &o.ledgerFile, use, short, func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerSeatRun)
	})
	waitFlag(cmd, &o.Wait)
	cmd.Flags().StringVar(&o.Replace, "replace", "", "the player who leaves (seat) or the name to correct (rename)")
	cmd.Flags().StringVar(&o.With, "with", "", "the player who sits down (seat) or the right name (rename)")
	f.completeFlag(cmd, "replace", completePlayers)
	return cmd
}

func newLedgerVerifyCmd(f *factory, runF func(*ledgerVerifyOptions) error) *cobra.Command {
	o := &ledgerVerifyOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "verify FILE", "Check the whole record (- reads it from standard input): every line's sum, the chain, the seqs, the payments", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerVerifyRun)
	})
	cmd.Flags().StringVar(&o.Head, "head", "", "the head noted earlier (SEQ:SUM, as show and add print it): also check that no line was removed from the end")
	return cmd
}

func newLedgerExportCmd(f *factory, runF func(*ledgerExportOptions) error) *cobra.Command {
	o := &ledgerExportOptions{Format: ledger.FormatJSON}
	cmd := newLedgerSub(f, &o.ledgerFile, "export FILE", "Write the game as JSON (-o json) or YAML (-o yaml), or one row a hand (-o csv)", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerExportRun)
	})
	cmd.Annotations = map[string]string{rawOutput: "true"} // CSV and JSON, exactly
	// export has its own -o, which shadows the global one: csv is a format of this command only.
	cmd.Flags().VarP(&enumFlag{value: &o.Format, allowed: exportFormats}, "output", "o", "export format: json (the game), yaml (the same document), csv (a row a hand), jsonl (the events as recorded)")
	cmd.Flags().BoolVar(&o.Excel, "excel", false, "csv: start with a UTF-8 byte order mark, so Excel on Windows reads Chinese (any non-ASCII) names right")
	f.completeFlag(cmd, "output", fixedCompletion(exportFormats))
	return cmd
}

func newLedgerChartCmd(f *factory, runF func(*ledgerChartOptions) error) *cobra.Command {
	o := &ledgerChartOptions{}
	cmd := newLedgerSub(f, &o.ledgerFile, "chart FILE", "Draw each player's running total: sparklines, or an SVG or PNG file (--out)", func(cmd *cobra.Command) error {
		return dispatch(cmd, f, o, runF, ledgerChartRun)
	})
	cmd.Flags().StringVar(&o.Out, "out", "", "write the chart to a file: .svg or .png (default: sparklines on the terminal)")
	cmd.Flags().StringVar(&o.Font, "font", "", "a .ttf, .otf or .ttc font for the picture's text, for names the built-in font cannot draw (Chinese: e.g. NotoSansCJK-Regular.ttc); without it a known system CJK font is tried, then such a name is drawn as P1..P4 with a warning")
	return cmd
}

// waitFlag is --wait, for the commands that write.
func waitFlag(cmd *cobra.Command, wait *time.Duration) {
	cmd.Flags().DurationVar(wait, "wait", 0, "wait up to this long (10s, 1m) for another writer to finish, instead of failing at once (exit 4)")
}

// flags are the flags of one hand's result, for add and amend.
func (o *ledgerResult) flags(f *factory, cmd *cobra.Command) {
	waitFlag(cmd, &o.Wait)
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
	fl.StringVar(&o.Han, "han", "", "riichi: the winning hand's han (several winners: one each, 3,2)")
	fl.StringVar(&o.Fu, "fu", "", "riichi: the winning hand's fu (several winners: one each)")
	fl.StringVar(&o.Yakuman, "yakuman", "", "riichi: the number of yakuman, instead of --han and --fu")
	fl.StringVar(&o.Riichi, "riichi", "", "riichi: the players who declared riichi and put a stick down: Ann,Ben")
	fl.StringVar(&o.Tenpai, "tenpai", "", "riichi: with --drawn, the players ready at the exhaustive draw")
	fl.StringVar(&o.Nagashi, "nagashi", "", "riichi: with --drawn, the players paid nagashi mangan")
	fl.StringVar(&o.Abortive, "abortive", "", "riichi: the abortive draw the hand ended in (kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukan_sanra, sanchahou)")
	fl.StringVar(&o.Note, "note", "", "a note kept with the hand")
	fl.BoolVar(&o.ThisHand, "this-hand", false, "the --set given applies to this hand only (otherwise a --set that differs from the game's is refused)")
	f.completeFlag(cmd, "win", fixedCompletion(scoring.WinKinds()))
	for _, name := range []string{"winner", "discarder", "responsible", "false-win", "riichi", "tenpai", "nagashi"} {
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
	return st.Names(), cobra.ShellCompDirectiveNoFileComp
}

// exportFormats are the values of export's own -o.
var exportFormats = []string{ledger.FormatJSON, FormatYAML, ledger.FormatCSV, ledger.FormatJSONL}

// opening is how a command opens its file. write says it records a hand: the game's ruleset must
// load; a command that only reads the record (or undoes) reads it without checking its payments
// when the ruleset cannot be loaded, with a warning. The engine refuses a --set or --rules that
// would change how the game is paid.
func (o *ledgerFile) opening(f *factory, write bool) engine.LedgerOpening {
	opt := engine.LedgerOpening{Record: !write, Set: f.Sets}
	if o.RulesChanged {
		opt.Rules = f.Rules
	}
	return opt
}

// ledgerDoc is a command's outcome whose -o json|jsonl|yaml document is not the outcome itself.
type ledgerDoc interface{ document() any }

// ledgerDo is one ledger command: it opens the file as opening says, runs op on it, prints on
// stderr what op met and went on from, and writes what op returned: its document with -o
// json|jsonl|yaml (a ledgerDoc's document), text with -o table. It returns op's outcome.
func ledgerDo[V any](o *ledgerFile, opening engine.LedgerOpening, op func(*engine.Ledger) (V, []string, error), text func(io.Writer, *engine.Ledger, V) error) (V, error) {
	l, err := engine.OpenLedgerWith(o.File, opening)
	if err != nil {
		var none V
		return none, err
	}
	return ledgerOn(o, l, op, text)
}

// ledgerOn is ledgerDo on the ledger l, already open.
func ledgerOn[V any](o *ledgerFile, l *engine.Ledger, op func(*engine.Ledger) (V, []string, error), text func(io.Writer, *engine.Ledger, V) error) (V, error) {
	v, warnings, err := op(l)
	o.warn(warnings)
	if err != nil {
		return v, err
	}
	if o.Output != FormatTable {
		var doc any = v
		if d, ok := doc.(ledgerDoc); ok {
			doc = d.document()
		}
		return v, render(o.IO.Out, o.Output, doc)
	}
	return v, text(o.IO.Out, l, v)
}

// warn prints what an operation met and went on from, on stderr.
func (o *ledgerFile) warn(warnings []string) {
	for _, w := range warnings {
		fmt.Fprintf(o.IO.ErrOut, "mjref: %s\n", w)
	}
}

func ledgerNewRun(_ context.Context, o *ledgerNewOptions, f *factory) error {
	if _, err := f.Ruleset(); err != nil {
		return err
	}
	if o.Players == "" {
		return withHint(usageErrorf("--players: name the four players"), `in seat order for the first hand, East first: --players "Ann,Ben,Cat,Dan"`)
	}
	names := strings.Split(o.Players, ",")
	if len(names) != 4 && len(names) != 3 {
		return usageErrorf("--players %q: name four players (three under a three-player ruleset), comma-separated, got %d", o.Players, len(names))
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
		return err
	}
	_, err = ledgerOn(&o.ledgerFile, l, func(l *engine.Ledger) (schema.LedgerGame, []string, error) {
		v, err := l.Show()
		return v, v.Warnings, err
	}, func(w io.Writer, _ *engine.Ledger, v schema.LedgerGame) error {
		fmt.Fprintf(w, "ledger:   %s: a new game\n", o.File)
		return renderPosition(w, v.State)
	})
	return err
}

func ledgerAddRun(_ context.Context, o *ledgerAddOptions, f *factory) error {
	opening := o.opening(f, true)
	opening.Use, opening.ThisHand, opening.Wait = engine.LedgerAdds, o.ThisHand, o.Wait
	var opt engine.AddOptions
	if o.ThisHand {
		opt.Sets = slices.Clone(f.Sets) // this run's --set is this hand's
	}
	v, err := ledgerDo(&o.ledgerFile, opening, func(l *engine.Ledger) (schema.LedgerAdd, []string, error) {
		if o.Log != "" {
			var err error
			if opt.Log, err = readLogFile(o.Log, "--log names a referee log file (YAML or JSON Lines); see 'mjref help'"); err != nil {
				return schema.LedgerAdd{}, nil, err
			}
			opt.LogName = o.Log
		}
		v, err := l.AddWith(o.request(), opt)
		return v, v.Warnings, err
	}, func(w io.Writer, _ *engine.Ledger, v schema.LedgerAdd) error {
		if !v.Recorded {
			renderVerdict(w, &v)
			return nil
		}
		return renderAdd(w, &v, v.State)
	})
	if err == nil && !v.Recorded {
		return errNegative
	}
	return err
}

// request is the hand the flags describe, for the family to read.
func (o *ledgerResult) request() engine.LedgerRequest {
	return engine.LedgerRequest{Winner: o.Winner, Discarder: o.Discarder, Win: o.Win, Faan: family.NumberText(o.Faan), Value: family.NumberText(o.Value),
		Limit: o.Limit, Responsible: o.Responsible, Jokerless: o.Jokerless, Misnamed: o.Misnamed, Drawn: o.Drawn,
		FalseWin: o.FalseWin, Points: o.Points, Hands: o.Hands, LastTile: o.LastTile, Note: o.Note,
		Han: family.NumberText(o.Han), Fu: family.NumberText(o.Fu), Yakuman: family.NumberText(o.Yakuman), Riichi: o.Riichi, Tenpai: o.Tenpai,
		Nagashi: o.Nagashi, Abortive: o.Abortive}
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
	parts := make([]string, len(st.Names()))
	for i, p := range st.Names() {
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

// umaText is the uma of each place, first to last: "+20000/+10000/-10000/-20000".
func umaText(uma []ledger.Amount) string {
	parts := make([]string, len(uma))
	for i, u := range uma {
		parts[i] = signed(u)
	}
	return strings.Join(parts, "/")
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
	uma := len(st.Flow.Uma) > 0
	if uma {
		header = append(header, "result") // after uma and oka, as if the game ended now
	}
	var rows [][]string
	for _, s := range st.Standings() {
		row := []string{fmt.Sprint(s.Rank), s.Player, s.Seat.String(), s.Total.String()}
		if stake {
			row = append(row, s.Stack.String())
		}
		if uma {
			r := ""
			if s.Result != nil {
				r = signed(*s.Result)
			}
			row = append(row, r)
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
	parts := make([]string, len(st.Names()))
	for i, p := range st.Names() {
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
	if st.Flow.Length.Kind == gamerules.Target {
		fmt.Fprintf(w, ", target %s", st.Flow.Target)
	}
	if len(st.Flow.Uma) > 0 {
		fmt.Fprintf(w, ", return %s, uma %s", st.Flow.Return, umaText(st.Flow.Uma))
	}
	fmt.Fprintln(w)
	if st.Flow.RiichiStick > 0 && !st.Over {
		fmt.Fprintf(w, "table:    %d honba, %s on the table\n", st.Honba, words.Count(st.Sticks, "riichi stick"))
	}
	if len(st.Sets) > 0 {
		fmt.Fprintf(w, "settings: %s (kept from the start of the game)\n", strings.Join(st.Sets, ", "))
	}
	fmt.Fprintf(w, "players:  %s\n", strings.Join(st.Names(), ", "))
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

func ledgerShowRun(_ context.Context, o *ledgerShowOptions, f *factory) error {
	_, err := ledgerDo(&o.ledgerFile, o.opening(f, false), func(l *engine.Ledger) (schema.LedgerGame, []string, error) {
		v, err := l.Show()
		if err == nil && o.Summary {
			sum := v.State.Summary()
			v.Summary = &sum
		}
		return v, v.Warnings, err
	}, o.text)
	return err
}

// text is the game as ledger show prints it: the position, the history and, with --summary, the
// night's figures.
func (o *ledgerShowOptions) text(w io.Writer, l *engine.Ledger, v schema.LedgerGame) error {
	st := v.State
	fmt.Fprintf(w, "ledger:   %s\n", o.File)
	if err := renderPosition(w, st); err != nil {
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
	if fw, ok := w.(*fitWriter); ok {
		if _, _, fits := tablefit.Fit(header, escapeCells(rows), fw.width); !fits {
			// Too wide for the terminal: the narrow layout, with the notes after the table. Too
			// wide even so, the wide one is laid out as a record a hand.
			h, r := historyTable(st, people, true)
			if _, _, fits := tablefit.Fit(h, escapeCells(r), fw.width); fits {
				header, rows, narrow = h, r, true
			}
		}
	}
	fmt.Fprintln(w, "history:")
	if err := tableLines(w, header, rows); err != nil {
		return err
	}
	for _, e := range st.History {
		if narrow && e.Hand.Note != "" {
			fmt.Fprintf(w, "note:     hand %d: %s\n", e.Number, termtext.Escape(e.Hand.Note))
		}
	}
	if o.Summary {
		return renderSummary(w, v.Summary, l.Unit())
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

func ledgerUndoRun(_ context.Context, o *ledgerWriteOptions, f *factory) error {
	opening := o.opening(f, false)
	opening.Wait = o.Wait
	_, err := ledgerDo(&o.ledgerFile, opening, func(l *engine.Ledger) (schema.LedgerUndo, []string, error) {
		v, err := l.Undo()
		return v, v.Warnings, err
	}, func(w io.Writer, _ *engine.Ledger, v schema.LedgerUndo) error {
		e, st := v.Undone.Entry, v.State
		if v.Amend {
			fmt.Fprintf(w, "undone:   the amend of hand %d (%s); the hand stands as it was before it\n", e.Number, e.Hand.String())
		} else {
			fmt.Fprintf(w, "undone:   hand %d (%s): %s\n", e.Number, entryTitle(e, st.Flow.PrevailingWind), e.Hand.String())
		}
		if err := renderStandings(w, st); err != nil {
			return err
		}
		return renderNext(w, st)
	})
	return err
}

func ledgerExportRun(_ context.Context, o *ledgerExportOptions, f *factory) error {
	_, err := ledgerDo(&o.ledgerFile, o.opening(f, false), func(l *engine.Ledger) (schema.LedgerGame, []string, error) {
		v, err := l.Show()
		return v, v.Warnings, err
	}, func(w io.Writer, l *engine.Ledger, v schema.LedgerGame) error {
		switch o.Format {
		case ledger.FormatJSONL:
			return l.Export(w, ledger.FormatJSONL)
		case ledger.FormatCSV:
			return ledger.ExportCSV(w, v.State, ledger.ExportOptions{Excel: o.Excel})
		}
		if o.Excel {
			return usageErrorf("--excel is for -o csv")
		}
		if o.Format == FormatYAML {
			return render(w, FormatYAML, v) // the game, as ledger show -o yaml prints it
		}
		return render(w, FormatJSON, v) // the game, as ledger show -o json prints it
	})
	return err
}

// charted is what ledger chart drew: the game, and the chart's document.
type charted struct {
	st   *ledger.State
	view schema.Chart
}

func (c charted) document() any { return c.view }

func ledgerChartRun(_ context.Context, o *ledgerChartOptions, f *factory) error {
	_, err := ledgerDo(&o.ledgerFile, o.opening(f, false), func(l *engine.Ledger) (charted, []string, error) {
		v, err := l.Show()
		if err != nil {
			return charted{}, v.Warnings, err
		}
		c := charted{st: v.State, view: schema.NewChart(o.File, v.State)}
		warnings, err := o.draw(&c)
		return c, append(v.Warnings, warnings...), err
	}, func(w io.Writer, _ *engine.Ledger, c charted) error {
		if o.Out == "" {
			_, err := io.WriteString(w, ledger.Sparklines(c.st, 60))
			return err
		}
		fmt.Fprintf(w, "chart:    %s (%s, %s)\n", o.Out, words.Count(len(c.st.History), "hand"), c.view.Format)
		return nil
	})
	return err
}

// draw draws the chart into the file --out names, if any, and what drawing it met and went on from.
func (o *ledgerChartOptions) draw(c *charted) ([]string, error) {
	if o.Out == "" {
		return nil, nil
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.Out)), ".")
	if format != chart.SVG && format != chart.PNG {
		return nil, usageErrorf("--out %s: the file name must end in .svg or .png", o.Out)
	}
	// The picture is drawn into a temporary file renamed into place: a full disk or a failed
	// drawing leaves no empty or half-written file behind.
	var warnings []string
	if err := filewrite.Write(o.Out, func(w io.Writer) (err error) {
		warnings, err = chart.Draw(c.st, w, format, chart.Options{Font: o.Font})
		return err
	}); err != nil {
		var fe *chart.FontError
		if errors.As(err, &fe) {
			return nil, withHint(usageErrorf("%v", fe), "nothing was written; --font takes a TrueType or OpenType font file (.ttf, .otf or .ttc) that has the names' characters, such as NotoSansCJK-Regular.ttc")
		}
		return nil, withHint(fmt.Errorf("--out %s: %w", o.Out, err), "nothing was written; free some space or choose another directory")
	}
	for i, w := range warnings {
		warnings[i] = "warning: " + w
	}
	c.view.Out, c.view.Format = o.Out, format
	return warnings, nil
}
