package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

// Refereed is Rules that replay a hand's log and rule on every step (package referee): every
// family mjref plays. A family with its own flow of play brings it in its Deps (referee.Flow).
type Refereed interface {
	// LogOptions says how a log's tiles read under the family.
	LogOptions() referee.ReadOptions
	// RefereeDeps wires the ruleset into a replay (referee.Replay): the family's flow, scorer and
	// settlement and the ruleset's referee: section.
	RefereeDeps() referee.Deps
	// RefereeStyle says how a replay's result reads under the family.
	RefereeStyle() family.RefereeStyle
}

// OnlyIllegal is the RefereeRequest.Only that keeps just the illegal rulings.
const OnlyIllegal = "illegal"

// RefereeRequest is one log to replay, as mjref referee's argument and flags (and a server's
// request body) give it.
type RefereeRequest struct {
	// Log is the log's text: YAML, or JSON Lines; at most safeio.LogLimit bytes (1 MiB).
	Log string `json:"log"`
	// Only is "" (every ruling) or "illegal" (the verdict still counts every step).
	Only string `json:"only,omitempty"`
	// By is what the log's seat letters name: "" (as its seats: key says, else start), "start"
	// (the places as they sat when the game began) or "wind" (this hand's seat winds: E deals).
	By string `json:"by,omitempty"`
	// Name is how errors call the log: its file, "standard input" (default "log").
	Name string `json:"-"`
}

// Hints for a log that cannot be read: a bad event, or a bad header.
const (
	refereeEventHint  = "an event is SEAT ACTION [TILES], e.g. 'S discard 9s', or claims: [W pong 9s, N chow 789s]; see 'mjref referee --help'"
	refereeHeaderHint = "a log is a mapping with ruleset, seats, dealer, prevailing, hands, wall, start and events (or JSON Lines); see 'mjref referee --help'"
)

// RefereeView is a replayed hand: the rulings and the result, and the final state. Its JSON is
// the contract of schema/referee.json.
type RefereeView struct {
	Ruleset string `json:"ruleset"`
	Family  string `json:"family"`
	// SeatsBy is what the seat letters name: start (the places as they sat when the game began) or
	// wind (this hand's seat winds, E the dealer).
	SeatsBy referee.SeatNaming `json:"seats_by"`
	// Legal is true when every step is legal; Illegal counts those that are not (whatever Only shows).
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
	// Warnings are what the rules carried on past: an American card's lines left out.
	Warnings []scoring.Warning `json:"warnings,omitempty"`

	style family.RefereeStyle
	only  string
}

// Positive says whether every step is legal.
func (v *RefereeView) Positive() bool { return v.Legal }

// replay reads req.Log and replays it under the rules open returns for the log's ruleset: key (""
// when the log has none); open is asked before any tile is read, as the family says how tiles read.
func replay(req RefereeRequest, open func(ruleset string) (family.Rules, error)) (*RefereeView, error) {
	name := req.Name
	if name == "" {
		name = "log"
	}
	if int64(len(req.Log)) > safeio.LogLimit {
		return nil, &safeio.LimitError{Name: name, Limit: safeio.LogLimit}
	}
	var by referee.SeatNaming // as the log says
	if req.By != "" {
		var err error
		if by, err = referee.ParseSeatNaming(req.By); err != nil {
			return nil, family.Usagef("--by %v", err)
		}
	}
	if req.Only != "" && req.Only != OnlyIllegal {
		return nil, family.Usagef("--only %q: expected %s or nothing", req.Only, OnlyIllegal)
	}
	var r family.Rules
	var ref Refereed
	var rErr error
	lg, err := referee.ReadLogFunc([]byte(req.Log), func(ruleset string) referee.ReadOptions {
		r, rErr = open(ruleset)
		if rErr != nil {
			return referee.ReadOptions{}
		}
		var ok bool
		if ref, ok = r.(Refereed); !ok {
			rs := r.Ruleset()
			rErr = family.WithHint(fmt.Errorf("ruleset %s (family %s): mjref referees no log under it", rs.Name, rs.Family), "")
			return referee.ReadOptions{}
		}
		ro := ref.LogOptions()
		ro.Seats = by
		return ro
	})
	if err != nil {
		hint := refereeHeaderHint
		var le *referee.LogError
		if errors.As(err, &le) && req.Name != "" {
			le.File = req.Name
		}
		if errors.As(err, &le) && le.Event > 0 {
			hint = refereeEventHint
		} else if errors.As(err, &le) && req.By != "" && (strings.HasPrefix(le.Msg, "seats:") || strings.HasPrefix(le.Msg, "dealer:")) {
			hint = "drop --by to read the log as it is written, or correct its seats: and dealer: keys"
		}
		return nil, family.WithHint(fmt.Errorf("%s: %w", name, err), hint)
	}
	if rErr != nil {
		return nil, rErr
	}
	rs := r.Ruleset()
	rep, err := referee.Replay(lg, ref.RefereeDeps())
	if err != nil {
		return nil, impossibleLog(err, name, req.Name)
	}
	v := &RefereeView{Ruleset: rs.Name, Family: rs.Family, SeatsBy: lg.Seats, Legal: rep.Legal(), Illegal: len(rep.Illegal()), Rulings: rep.Rulings,
		Result: rep.Result, Seats: rep.Seats, Wall: rep.Wall, Dead: rep.Dead,
		Points: rep.Points, Scores: rep.Scores, Warnings: family.Warnings(r), style: ref.RefereeStyle(), only: req.Only}
	if req.Only == OnlyIllegal {
		v.Rulings = rep.Illegal()
		if v.Rulings == nil {
			v.Rulings = []referee.Ruling{}
		}
	}
	return v, nil
}

// ruleCite is a ruling's rule as a table shows it: the id and, where the ruleset states the rule,
// its line ("chow-from-left hk:297").
func ruleCite(id string, src *scoring.Source) string {
	if src == nil || src.Ruleset == "" {
		return id
	}
	return id + " " + src.String()
}

// Render writes the rulings, the dead hands, how the hand ended and the verdict.
func (v *RefereeView) Render(w family.Printer) error {
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
		if err := w.Table([]string{"event", "seat", "action", "verdict", "rule", "reason"}, rows); err != nil {
			return err
		}
	} else if v.only == OnlyIllegal {
		fmt.Fprintln(w, "rulings:  no illegal step")
	}
	for _, d := range v.Dead {
		fmt.Fprintf(w, "dead:     %s's hand at event %d (%s): %s\n", d.Seat, d.Event, d.Rule, d.Reason)
	}
	if err := v.renderResult(w); err != nil {
		return err
	}
	var err error
	switch {
	case v.Legal:
		_, err = fmt.Fprintln(w, "verdict:  every step is legal")
	case v.Illegal == 1:
		_, err = fmt.Fprintln(w, "verdict:  1 illegal step")
	default:
		_, err = fmt.Fprintf(w, "verdict:  %d illegal steps\n", v.Illegal)
	}
	return err
}

// renderResult writes how the hand ended and each winner's breakdown, then the payments or, in a
// hand where every player scores, every player's points.
func (v *RefereeView) renderResult(w family.Printer) error {
	r, st := &v.Result, v.style
	switch r.Outcome {
	case referee.OutcomeWin:
		wins := r.Wins
		if len(wins) == 0 {
			one := referee.Win{Seat: r.Winner, Hand: r.Hand, Items: r.Items, Total: r.Total, RawTotal: r.RawTotal, Limit: r.Limit, Checked: len(r.Items) > 0}
			if r.Context != nil {
				one.Context = *r.Context
			}
			wins = []referee.Win{one}
		}
		for _, win := range wins {
			if err := renderWin(w, &win, st, len(v.Scores) == 0); err != nil {
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
	if !st.Payments {
		return nil
	}
	if err := renderPayments(w, r.Payments); err != nil || len(r.Payments) == 0 {
		return err
	}
	_, err := fmt.Fprintf(w, "change:   %s\n", r.Deltas)
	return err
}

// renderWin writes one winner: how the tile came, the hand and, with items, the breakdown.
func renderWin(w family.Printer, win *referee.Win, st family.RefereeStyle, items bool) error {
	c := win.Context
	how := c.Win.String()
	if c.Discarder <= notation.SeatNorth {
		how += " from " + c.Discarder.String()
	}
	fmt.Fprintf(w, "outcome:  %s wins (%s)\n", win.Seat, how)
	if win.Hand != "" {
		fmt.Fprintf(w, "hand:     %s\n", win.Hand)
	}
	if st.Winds {
		fmt.Fprintf(w, "context:  seat wind %s, prevailing %s, win %s", c.Seat, c.Prevailing, c.Win)
	} else {
		fmt.Fprintf(w, "context:  win %s", c.Win)
	}
	if c.LastTile {
		fmt.Fprint(w, ", last tile")
	}
	fmt.Fprintln(w)
	if !win.Checked {
		_, err := fmt.Fprintln(w, "score:    not scored: the winning hand has tiles not seen (lay it down with 'win TILE = HAND')")
		return err
	}
	if !items {
		return nil
	}
	header := []string{"id", "name", st.Unit, "tiles", "rule"}
	if st.ZH {
		header = []string{"id", "name", "中文", st.Unit, "tiles", "rule"}
	}
	if len(win.Items) > 0 {
		if err := w.Table(header, scoring.ItemRows(win.Items, st.ZH)); err != nil {
			return err
		}
	}
	total := fmt.Sprintf("%d %s", win.Total, st.Unit)
	if st.Unit == "value" {
		total = fmt.Sprintf("value %d", win.Total)
	}
	if win.RawTotal > win.Total {
		total += fmt.Sprintf(" (%d before the cap)", win.RawTotal)
	}
	if win.Limit {
		total += ", a limit hand"
	}
	_, err := fmt.Fprintf(w, "total:    %s\n", total)
	return err
}

// renderSeatScores writes every player's scored items in one table and their points.
func renderSeatScores(w family.Printer, scores []referee.SeatScore) error {
	var rows [][]string
	parts := make([]string, 0, len(scores))
	for _, sc := range scores {
		for _, row := range scoring.ItemRows(sc.Items, false) {
			rows = append(rows, append([]string{sc.Seat.String()}, row...))
		}
		p := fmt.Sprintf("%s %s", sc.Seat, points.Signed(sc.Points))
		switch {
		case !sc.Checked:
			p += " (not scored: " + sc.Reason + ")"
		case sc.Winner:
			p += " (mahjong)"
		}
		parts = append(parts, p)
	}
	if len(rows) > 0 {
		if err := w.Table([]string{"seat", "id", "name", "points", "tiles", "rule"}, rows); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "points:   %s\n", strings.Join(parts, ", "))
	return err
}
