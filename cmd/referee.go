package cmd

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/rulesets"
	"github.com/spf13/cobra"
)

// refereeOptions are the flags and argument of mjref referee.
type refereeOptions struct {
	IO     *IOStreams
	Output string
	// Log is the log file, or "-" for standard input.
	Log string
	// Only is "" (every ruling) or "illegal".
	Only string
	// Rules is the --rules value; RulesGiven is true when it was given on the command line, and then
	// it wins over the log's ruleset: key.
	Rules      string
	RulesGiven bool
	// By is the --by value: "" (as the log's seats: key says), "start" or "wind".
	By string
	// Check makes a riichi game log's difference from its record a negative verdict (exit 1).
	Check bool
}

const onlyIllegal = engine.OnlyIllegal

// seatNamings are the values of --by.
var seatNamings = []string{referee.SeatsByStart.String(), referee.SeatsByWind.String()}

func newRefereeCmd(f *factory, runF func(*refereeOptions) error) *cobra.Command {
	o := &refereeOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "referee LOG",
		Short: "Replay a hand's log and rule on every step, then score and settle the result",
		Long: `Replay a hand from the log kept at the table (YAML, or JSON Lines; - reads standard input) and rule
on every event: ok or illegal, with the rule and the reason. The replay goes on after an illegal step
and reports every one. A win is scored and the hand settled under the ruleset: the breakdown item by
item, every payment with its rule, and each seat's change. Hong Kong, American and DeBurger hands
each follow their own flow: an American log has the Charleston, calls that must fit the card and dead
hands; a DeBurger log has the bird, and at the end every player's hand is scored.

The ruleset is the log's ruleset: key (hk when it has none). --rules given on the command line wins
over it, with a warning when the two differ; a preference (MJREF_RULES, the config file) does not.

The log:

  ruleset: hk
  seats: start              # start (default): seats keep the names they had when the game
                            # began; wind: they are this hand's seat winds, E deals (--by)
  dealer: E                 # the place that deals this hand (default E): with dealer: S,
                            # seat S sits East (with seats: wind, E always deals)
  prevailing: E             # the round's wind (default E)
  hands:                    # optional, per seat: the tiles after the deal
    E: "123m456p789s1122z5f 3z"
    W: "11z ?11"            # ? is a tile not seen; ?11 is eleven of them
  wall: "?91"               # optional: the live wall, front first
  events:
    - E discard 3z
    - S draw 7p             # a draw nobody saw may leave the tile out
    - S discard 9s
    - claims: [W pong 9s, N chow 789s]   # claims on one discard at the same time
    - W discard 1m
    - N draw 2f             # a flower: laid out, then a replacement from the back
    - N flower 2f
    - N draw 4p
    - N add-kong 5p
    - E win 5p              # robbing the kong; 'win TILE = HAND' lays the hand down

(That is issue 8's example: the referee rules N's chow, N's add-kong and E's win illegal.)
Actions: draw [TILE], discard TILE, chow TILES, pong [TILE], kong [TILE], add-kong TILE,
concealed-kong TILE, flower TILES, win [TILE] [= HAND], pass, and claims: [...]. A log that starts
in the middle of a hand has a start: key (start: {wall: 40, discards: {E: "3z1m"}}).
As JSON Lines: a first line with the header object, then one event per line ("E discard 3z", or
{"claims": ["W pong 9s"]}).

--by wind reads the seat letters as this hand's seat winds, whoever sits there: E is the dealer,
S the player on the dealer's right (the same as seats: wind in the log). --by start (and a log
that says nothing) names the places at the table as they sat when the game began. A log whose
seats: key says the other is refused: the two would put different players in every event.

--only illegal shows just the illegal rulings (the verdict still counts them). With -o json:
ruleset, seats_by (start or wind), legal, illegal (the count), rulings (event, seat, action,
verdict, rule, reason; event 0 is the deal), result (outcome, winner, offender, hand, context,
items, total, raw_total when the cap cut it, wins, payments, deltas, reason), seats (each seat's
tiles when the log ends), wall (tiles left, -1 when not known), dead (American dead hands), points
and scores (DeBurger: every player's points and items).

A hand's log under a riichi ruleset (ruleset: riichi, or a preset) writes the calls as riichi says
them, chi, pon, kan (an open kan), ankan, kakan, ron and tsumo (or the words above), and two events
of its own: SEAT riichi declares riichi, ruled at the discard that follows (SEAT riichi TILE is
both): closed, ready, the stick's 1,000 points (each player starts with 25,000: a log records no
points), four tiles left in the live wall, once a hand; and dora TILE, with no seat, shows a dora
indicator: before the first step the deal's, after a kan the kan's, when the riichi: section's
kan_dora says (after_discard, Tenhou: a concealed kan's at once, an open or added kan's after the
replacement draw's discard; at_once, the EMA: every kan's at once). The hands are the 13 tiles
dealt (the dealer's may be 14, with the first draw), with no wall: key; every step is ruled as a
Tenhou game's, furiten included, claims: as mjref claim rules them, and a win is scored with the
riichi, ippatsu and dora the events show and settled, the sticks to the winner.

A log that cannot describe a real hand (a hand of the wrong size at the deal, where a mid-hand
log begins or laid down with a win; a fifth copy of a tile; a wall that does not fit) is bad input:
the error names the seat, the event and the count, and nothing is ruled or paid.

Riichi game logs are read too, told apart by their content: Tenhou's mjlog XML (plain or gzip),
tenhou.net/6 JSON and mjai JSON Lines. Every hand of the game is listed with each recorded win or
draw scored by mjref (the winner's tiles as the play leaves them; riichi, ippatsu, rinshan,
chankan, haitei and houtei as the events show them) and settled (honba, sticks, pao, noten
payments), beside what the log says was paid. The rules are those the log's flags select (Tenhou's
GO type: red fives, kuitan, hanchan or tonpuusen, three players). Every step is ruled by the riichi
play rules (turn order, calls, riichi, furiten, chankan, the last tile, kan dora), each ruling
citing its line of the riichi ruleset; an illegal step exits 1. --check makes any difference from
the record exit 1 too. With - and -o jsonl, standard input holds one game a line (an mjlog or a
tenhou.net/6 game on one line, or the name of a game's file in any format), answered one line a
game in input order, replayed on every core; standard input that is itself one log (a hand's log,
an mjai game) is ruled as one. With -o json: format, rules, names, hands (round, honba, sticks, dealer,
results: kind, winner, from, han, fu, points, limit, yaku, deltas, rule, recorded, agrees,
differences, note; steps: event, at, seat, action, tile, verdict, rule, name, source, reason;
illegal), final (scores, recorded, uma: preset, places, results after uma and oka, agrees),
agrees, differences, unchecked, legal, illegal.

Exit status: 0 every step is legal, 1 some step is illegal, 2 the log cannot be read or cannot
describe a real hand.`,
		Example: `  mjref referee hand.yaml
  mjref referee hand.yaml --only illegal
  mjref referee hand.jsonl -o json
  mjref referee --rules hk-oldstyle - < hand.yaml
  mjref referee --by wind hand.yaml
  mjref referee --check game.mjlog
  mjref referee game.json -o json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("no log given: name a log file (YAML or JSON Lines), or - to read it from standard input\n\n%s", cmd.UsageString())
			}
			o.Log, o.Output, o.Rules = args[0], f.Output, f.Rules
			o.RulesGiven = cmd.Root().PersistentFlags().Changed("rules")
			return dispatch(cmd, f, o, runF, refereeRun)
		},
	}
	cmd.Flags().BoolVar(&o.Check, "check", false, "riichi game logs: exit 1 when a result or the final scores differ from what the log records")
	cmd.Flags().Var(&enumFlag{value: &o.Only, allowed: []string{onlyIllegal}}, "only", "show only these rulings: illegal")
	cmd.Flags().Var(&enumFlag{value: &o.By, allowed: seatNamings}, "by", "what the log's seats name: start (as they sat when the game began) or wind (this hand's winds: E deals); default: the log's seats: key")
	f.completeFlag(cmd, "only", fixedCompletion([]string{onlyIllegal}))
	f.completeFlag(cmd, "by", fixedCompletion(seatNamings))
	return cmd
}

// gameLinePeek is how much of standard input gamesByLine looks at.
const gameLinePeek = 64 << 10

// gamesByLine says whether standard input holds one game a line (mjref referee - -o jsonl): its
// first line that is not blank or a comment is a game (an mjlog or a tenhou.net/6 document on one line), or
// names a file; anything else (a hand's log in YAML or JSON Lines, an mjai game's events) is one
// log. It looks at the first gameLinePeek bytes only, and consumes nothing.
func gamesByLine(in *bufio.Reader) bool {
	b, _ := in.Peek(gameLinePeek)
	var line []byte
	whole := true
	for len(b) > 0 { // the first line that is not blank or a comment (the batch skips those)
		line, b, whole = bytes.Cut(b, []byte("\n"))
		if line = bytes.TrimSpace(line); len(line) > 0 && line[0] != '#' {
			break
		}
		line = nil
	}
	switch {
	case len(line) == 0:
		return true // nothing to read: the batch says so
	case line[0] == '<':
		return true // an mjlog on one line (or the start of a longer one)
	case line[0] == '{':
		// A line longer than the peek is a game, not one event of a hand's log.
		return !whole || engine.IsGameLine(line)
	}
	st, err := os.Stat(string(line))
	return err == nil && st.Mode().IsRegular()
}

func refereeRun(_ context.Context, o *refereeOptions, f *factory) error {
	if o.Log == "-" && o.Output == FormatJSONL {
		// One game a line, unless standard input is itself one log (a hand's YAML or JSON Lines
		// log, or an mjai game): then it is ruled as one, as without -o jsonl.
		in := bufio.NewReaderSize(o.IO.In, gameLinePeek)
		o.IO.In = in
		if gamesByLine(in) {
			return refereeGames(o)
		}
	}
	data, name, err := readLogInput(o)
	if err != nil {
		return err
	}
	if engine.IsGameLog(data) {
		return refereeGame(o, data, name)
	}
	if o.Check {
		return usageErrorf("--check compares a riichi game log (Tenhou mjlog, tenhou.net/6 JSON, mjai JSON Lines) with what it records was paid; a hand's log is ruled step by step without it")
	}
	// The ruleset is known before any tile is read: under American rules 0 is the white dragon.
	v, err := engine.Referee(engine.RefereeRequest{Log: string(data), Only: o.Only, By: o.By, Name: name}, func(ruleset string) (*engine.Engine, error) {
		rs, err := refereeRuleset(o, f, ruleset)
		if err != nil {
			return nil, err
		}
		e, err := engine.New(rs, engine.Options{})
		if err != nil {
			return nil, err
		}
		f.warn(e.Warnings())
		return e, nil
	})
	if err != nil {
		return err
	}
	return renderResult(o.IO.Out, o.Output, v, renderReferee, v.Positive())
}

// renderReferee writes the rulings and the result for a person to read.
func renderReferee(w io.Writer, v *engine.RefereeView) error { return v.Render(printer{w}) }

// readLogInput reads the log file, or standard input for "-"; name is how errors call it.
func readLogInput(o *refereeOptions) (data []byte, name string, err error) {
	if o.Log == "-" {
		if o.IO.InIsTerminal != nil && o.IO.InIsTerminal() {
			return nil, "", usageErrorf("'-' reads the log from standard input, but it is a terminal: pipe the log in, or name the file")
		}
		data, err = safeio.ReadAll(o.IO.In, "standard input", safeio.LogLimit)
		if err != nil {
			return nil, "", withHint(fmt.Errorf("standard input: %s", safeio.Reason(err)), "pipe the log in, or name the file")
		}
		return data, "standard input", nil
	}
	data, err = readLogFile(o.Log, "name a log file (YAML or JSON Lines), or - to read it from standard input")
	return data, o.Log, err
}

// readLogFile reads a referee log file, bounded by safeio.LogLimit and regular files only; hint
// says what the user should name instead.
func readLogFile(name, hint string) ([]byte, error) {
	data, err := safeio.ReadFile(name, safeio.LogLimit)
	if err != nil {
		return nil, withHint(fmt.Errorf("%s: %s", name, safeio.Reason(err)), hint)
	}
	return data, nil
}

// refereeRuleset loads the log's ruleset, or the one given with --rules, which wins (with a warning
// when the two differ). A log's ruleset that is a relative path is looked for next to the log.
func refereeRuleset(o *refereeOptions, f *factory, logRuleset string) (*rulesets.Ruleset, error) {
	if o.RulesGiven {
		rs, err := f.Ruleset()
		if err != nil {
			return nil, err
		}
		if logRuleset != o.Rules && logRuleset != rs.Name {
			fmt.Fprintf(o.IO.ErrOut, "mjref: warning: the log is played under %s, but --rules %s wins: ruling under %s\n", logRuleset, o.Rules, rs.Name)
		}
		return rs, nil
	}
	name := logRuleset
	if !rulesets.IsBuiltin(name) && !filepath.IsAbs(name) && o.Log != "-" {
		if p := filepath.Join(filepath.Dir(o.Log), name); fileExists(p) {
			name = p
		}
	}
	f.Rules = name
	rs, err := f.Ruleset()
	if err != nil {
		return nil, withHint(fmt.Errorf("the log's ruleset: %w", err), "give the ruleset with --rules NAME, which wins over the log's ruleset: key")
	}
	return rs, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
