package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
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
}

const onlyIllegal = "illegal"

// seatNamings are the values of --by.
var seatNamings = []string{referee.SeatsByStart.String(), referee.SeatsByWind.String()}

// Hints for a log that cannot be read: a bad event, or a bad header.
const (
	refereeEventHint  = "an event is SEAT ACTION [TILES], e.g. 'S discard 9s', or claims: [W pong 9s, N chow 789s]; see 'mjref referee --help'"
	refereeHeaderHint = "a log is a mapping with ruleset, seats, dealer, prevailing, hands, wall, start and events (or JSON Lines); see 'mjref referee --help'"
)

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

--only illegal shows just the illegal rulings (the verdict still counts them). With -o json: ruleset,
seats_by (start or wind), legal, illegal (the count), rulings (event, seat, action, verdict, rule, reason; event 0 is the deal),
result (outcome, winner, offender, hand, context, items, total, wins, payments, deltas, reason),
seats (each seat's tiles when the log ends), wall (tiles left, -1 when not known), dead (American
dead hands), points and scores (DeBurger: every player's points and items).

Exit status: 0 every step is legal, 1 some step is illegal, 2 the log cannot be read.`,
		Example: `  mjref referee hand.yaml
  mjref referee hand.yaml --only illegal
  mjref referee hand.jsonl -o json
  mjref referee --rules hk-oldstyle - < hand.yaml
  mjref referee --by wind hand.yaml`,
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
	cmd.Flags().Var(&enumFlag{value: &o.Only, allowed: []string{onlyIllegal}}, "only", "show only these rulings: illegal")
	cmd.Flags().Var(&enumFlag{value: &o.By, allowed: seatNamings}, "by", "what the log's seat letters name: start (the places as they sat when the game began) or wind (this hand's seat winds: E deals); default: the log's seats: key, else start")
	f.completeFlag(cmd, "only", fixedCompletion([]string{onlyIllegal}))
	f.completeFlag(cmd, "by", fixedCompletion(seatNamings))
	return cmd
}

// refereeView is what mjref referee prints: the rulings and the result, and the final state.
type refereeView struct {
	Ruleset string `json:"ruleset"`
	Family  string `json:"family"`
	// SeatsBy is what the seat letters name: start (the places as they sat when the game began) or
	// wind (this hand's seat winds, E the dealer).
	SeatsBy referee.SeatNaming `json:"seats_by"`
	// Legal is true when every step is legal; Illegal counts those that are not (whatever --only shows).
	Legal   bool             `json:"legal"`
	Illegal int              `json:"illegal"`
	Rulings []referee.Ruling `json:"rulings"`
	Result  referee.Result   `json:"result"`
	// Seats are each seat's tiles, melds, flowers and discards when the log ends.
	Seats [4]referee.SeatView `json:"seats"`
	// Wall is the number of tiles left in the live wall, or -1 when not known.
	Wall int `json:"wall"`
	// Dead lists the American hands declared dead.
	Dead []referee.DeadHand `json:"dead,omitempty"`
	// Points and Scores are every player's points in a DeBurger hand, and the items behind them.
	Points []int               `json:"points,omitempty"`
	Scores []referee.SeatScore `json:"scores,omitempty"`
}

func refereeRun(_ context.Context, o *refereeOptions, f *factory) error {
	data, name, err := readLogInput(o)
	if err != nil {
		return err
	}
	var by referee.SeatNaming // as the log says
	if o.By != "" {
		if by, err = referee.ParseSeatNaming(o.By); err != nil {
			return usageErrorf("--by %v", err)
		}
	}
	// The ruleset is known before any tile is read: under American rules 0 is the white dragon.
	var rs *rulesets.Ruleset
	var rsErr error
	lg, err := referee.ReadLogFunc(data, func(ruleset string) referee.ReadOptions {
		rs, rsErr = refereeRuleset(o, f, &referee.Log{Ruleset: ruleset})
		if rsErr != nil {
			return referee.ReadOptions{}
		}
		ro := logReadOptions(rs)
		ro.Seats = by
		return ro
	})
	if err != nil {
		hint := refereeHeaderHint
		var le *referee.LogError
		if errors.As(err, &le) && le.Event > 0 {
			hint = refereeEventHint
		} else if errors.As(err, &le) && o.By != "" && (strings.HasPrefix(le.Msg, "seats:") || strings.HasPrefix(le.Msg, "dealer:")) {
			hint = "drop --by to read the log as it is written, or correct its seats: and dealer: keys"
		}
		return withHint(fmt.Errorf("%s: %w", name, err), hint)
	}
	if rsErr != nil {
		return rsErr
	}
	deps, err := refereeDeps(rs)
	if err != nil {
		return err
	}
	rep := referee.Replay(lg, deps)
	v := &refereeView{Ruleset: rs.Name, Family: rs.Family, SeatsBy: lg.Seats, Legal: rep.Legal(), Illegal: len(rep.Illegal()), Rulings: rep.Rulings,
		Result: rep.Result, Seats: rep.Seats, Wall: rep.Wall, Dead: rep.Dead,
		Points: rep.Points, Scores: rep.Scores}
	if o.Only == onlyIllegal {
		v.Rulings = rep.Illegal()
		if v.Rulings == nil {
			v.Rulings = []referee.Ruling{}
		}
	}
	only := func(w io.Writer, v *refereeView) error { return renderReferee(w, v, o.Only) }
	return renderResult(o.IO.Out, o.Output, v, only, v.Legal)
}

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

// logReadOptions is how a log under rs reads: American logs read 0 as the white dragon and flowers
// as tiles of the hand.
func logReadOptions(rs *rulesets.Ruleset) referee.ReadOptions {
	if rs.Family == rulesets.FamilyAmerican {
		return referee.AmericanRead
	}
	return referee.ReadOptions{Notation: notationOptions(rs)}
}

// refereeRuleset loads the log's ruleset, or the one given with --rules, which wins (with a warning
// when the two differ). A log's ruleset that is a relative path is looked for next to the log.
func refereeRuleset(o *refereeOptions, f *factory, lg *referee.Log) (*rulesets.Ruleset, error) {
	if o.RulesGiven {
		rs, err := f.Ruleset()
		if err != nil {
			return nil, err
		}
		if lg.Ruleset != o.Rules && lg.Ruleset != rs.Name {
			fmt.Fprintf(o.IO.ErrOut, "mjref: warning: the log is played under %s, but --rules %s wins: ruling under %s\n", lg.Ruleset, o.Rules, rs.Name)
		}
		return rs, nil
	}
	name := lg.Ruleset
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

// refereeDeps wires the ruleset into a replay. Hong Kong: the scorer and settlement, and the
// referee: section's table rules (dead wall, missed-win lock); the tile count and several winners
// follow hk.flowers and settlement.multiple_winners unless the referee: section sets them.
// American: the ruleset's card, settlement and referee: section.
func refereeDeps(rs *rulesets.Ruleset) (referee.Deps, error) {
	switch {
	case rs.Family == rulesets.FamilyDeBurger && rs.DeBurger != nil:
		return referee.DeBurger(rs.DeBurger, rs.Referee), nil
	case rs.Family == rulesets.FamilyAmerican && rs.American != nil:
		card, err := rulesetCard(rs, "")
		if err != nil {
			return referee.Deps{}, err
		}
		return referee.American(card, rs.American, rs.Settlement, rs.Referee), nil
	case rs.Family != rulesets.FamilyHK || rs.HK == nil:
		return referee.Deps{}, withHint(usageErrorf("ruleset %s (family %s): the referee has no replay for this family", rs.Name, rs.Family),
			"give --rules hk, american or deburger-2026, or a ruleset that extends one of them")
	}
	return referee.HK(rs.HK, rs.Settlement, rs.Referee), nil
}

// ruleCite is a ruling's rule as a table shows it: the id and, where the ruleset states the rule, its
// line ("chow-from-left hk:297").
func ruleCite(id string, src *scoring.Source) string {
	if src == nil || src.Ruleset == "" {
		return id
	}
	return id + " " + src.String()
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func renderReferee(w io.Writer, v *refereeView, only string) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	if v.SeatsBy == referee.SeatsByWind {
		fmt.Fprintln(w, "seats:    named by this hand's seat winds (E deals)")
	}
	if len(v.Rulings) > 0 {
		rows := make([][]string, 0, len(v.Rulings))
		for _, r := range v.Rulings {
			ev := fmt.Sprint(r.Event)
			if r.Event == 0 {
				ev = "deal"
			}
			rows = append(rows, []string{ev, r.Seat.String(), r.Action, string(r.Verdict), ruleCite(r.Rule, r.Source), r.Reason})
		}
		if err := table(w, []string{"event", "seat", "action", "verdict", "rule", "reason"}, rows); err != nil {
			return err
		}
	} else if only == onlyIllegal {
		fmt.Fprintln(w, "rulings:  no illegal step")
	}
	for _, d := range v.Dead {
		fmt.Fprintf(w, "dead:     %s's hand at event %d (%s): %s\n", d.Seat, d.Event, d.Rule, d.Reason)
	}
	if err := renderRefereeResult(w, v); err != nil {
		return err
	}
	switch {
	case v.Legal:
		fmt.Fprintln(w, "verdict:  every step is legal")
	case v.Illegal == 1:
		fmt.Fprintln(w, "verdict:  1 illegal step")
	default:
		fmt.Fprintf(w, "verdict:  %d illegal steps\n", v.Illegal)
	}
	return nil
}

// resultStyle is how a family's result reads: the unit of an item's value, whether items have Chinese
// names and the win has seat winds, and whether the hand ends in payments.
type resultStyle struct {
	unit     string
	zh       bool
	winds    bool
	payments bool
}

func styleOf(family string) resultStyle {
	switch family {
	case rulesets.FamilyAmerican:
		return resultStyle{unit: "value", payments: true}
	case rulesets.FamilyDeBurger:
		return resultStyle{unit: "points"}
	}
	return resultStyle{unit: "faan", zh: true, winds: true, payments: true}
}

// renderRefereeResult prints how the hand ended and each winner's breakdown, then the payments or,
// in a DeBurger hand, every player's points.
func renderRefereeResult(w io.Writer, v *refereeView) error {
	r, st := &v.Result, styleOf(v.Family)
	switch r.Outcome {
	case referee.OutcomeWin:
		wins := r.Wins
		if len(wins) == 0 {
			one := referee.Win{Seat: r.Winner, Hand: r.Hand, Items: r.Items, Total: r.Total, Limit: r.Limit, Checked: len(r.Items) > 0}
			if r.Context != nil {
				one.Context = *r.Context
			}
			wins = []referee.Win{one}
		}
		for _, win := range wins {
			if err := renderRefereeWin(w, &win, st, len(v.Scores) == 0); err != nil {
				return err
			}
		}
		if i := strings.Index(r.Reason, "not settled"); i >= 0 {
			fmt.Fprintf(w, "note:     %s\n", r.Reason[i:])
		}
	case referee.OutcomeFalseWin:
		fmt.Fprintf(w, "outcome:  false win (詐糊) by %s\nreason:   %s\n", r.Offender, r.Reason)
	case referee.OutcomeDraw:
		fmt.Fprintf(w, "outcome:  drawn (流局)\nreason:   %s\n", r.Reason)
	default:
		fmt.Fprintf(w, "outcome:  %s\nreason:   %s\n", r.Outcome, r.Reason)
		return nil
	}
	if len(v.Scores) > 0 {
		return renderSeatScores(w, v.Scores)
	}
	if !st.payments {
		return nil
	}
	if err := family.RenderPayments(printer{w}, r.Payments); err != nil || len(r.Payments) == 0 {
		return err
	}
	fmt.Fprintf(w, "change:   %s\n", r.Deltas)
	return nil
}

// renderRefereeWin prints one winner: how the tile came, the hand and, with items, the breakdown.
func renderRefereeWin(w io.Writer, win *referee.Win, st resultStyle, items bool) error {
	c := win.Context
	how := c.Win.String()
	if c.Discarder <= notation.SeatNorth {
		how += " from " + c.Discarder.String()
	}
	fmt.Fprintf(w, "outcome:  %s wins (%s)\n", win.Seat, how)
	if win.Hand != "" {
		fmt.Fprintf(w, "hand:     %s\n", win.Hand)
	}
	if st.winds {
		fmt.Fprintf(w, "context:  seat wind %s, prevailing %s, win %s", c.Seat, c.Prevailing, c.Win)
	} else {
		fmt.Fprintf(w, "context:  win %s", c.Win)
	}
	if c.LastTile {
		fmt.Fprint(w, ", last tile")
	}
	fmt.Fprintln(w)
	if !win.Checked {
		fmt.Fprintln(w, "score:    not scored: the winning hand has tiles not seen (lay it down with 'win TILE = HAND')")
		return nil
	}
	if !items {
		return nil
	}
	header := []string{"id", "name", st.unit, "tiles", "rule"}
	if st.zh {
		header = []string{"id", "name", "中文", st.unit, "tiles", "rule"}
	}
	if len(win.Items) > 0 {
		if err := table(w, header, family.ItemRows(win.Items, st.zh)); err != nil {
			return err
		}
	}
	total := fmt.Sprintf("%d %s", win.Total, st.unit)
	if st.unit == "value" {
		total = fmt.Sprintf("value %d", win.Total)
	}
	if win.Limit {
		total += ", a limit hand"
	}
	fmt.Fprintf(w, "total:    %s\n", total)
	return nil
}

// renderSeatScores prints every player's scored items in one table and their points (DeBurger).
func renderSeatScores(w io.Writer, scores []referee.SeatScore) error {
	var rows [][]string
	parts := make([]string, 0, len(scores))
	for _, sc := range scores {
		for _, row := range family.ItemRows(sc.Items, false) {
			rows = append(rows, append([]string{sc.Seat.String()}, row...))
		}
		p := fmt.Sprintf("%s %s", sc.Seat, points.Thousands(sc.Points))
		switch {
		case !sc.Checked:
			p += " (not scored: " + sc.Reason + ")"
		case sc.Winner:
			p += " (mahjong)"
		}
		parts = append(parts, p)
	}
	if len(rows) > 0 {
		if err := table(w, []string{"seat", "id", "name", "points", "tiles", "rule"}, rows); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "points:   %s\n", strings.Join(parts, ", "))
	return nil
}
