package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// The field readers below are shared by settle's request and the ledger's reading of a hand.

// parseSeatFlag reads the seat a flag gives.
func parseSeatFlag(flag, s string) (notation.Seat, error) {
	seat, err := notation.ParseSeat(strings.TrimSpace(s))
	if err != nil {
		return notation.NoSeat, family.Usagef("--%s: %v", flag, err)
	}
	return seat, nil
}

// firstTurn refuses a win of the first go-round that the places at the table make impossible, as
// scoring the hand refuses it: a heavenly hand is the dealer's, an earthly one is won on the
// dealer's first discard by another, and a human hand is a non-dealer's. dealer, winners and
// discarder ("" for none) name places the same way: seats in a hand settled from its worth (E
// deals), players in a ledger's hand.
func firstTurn(k scoring.WinKind, dealer string, winners []string, discarder string) error {
	win := family.Field("win")
	for _, name := range winners {
		switch {
		case k == scoring.Heavenly && name != dealer:
			return family.Fieldf("%s %s: a heavenly hand is the dealer's, and %s deals this hand: the winner must be %s, not %s", win, k, dealer, dealer, name)
		case k == scoring.Earthly && name == dealer:
			return family.Fieldf("%s %s: an earthly hand is won on the dealer's first discard, and %s deals this hand: the winner cannot be %s", win, k, dealer, name)
		case k == scoring.Human && name == dealer:
			return family.Fieldf("%s %s: a human hand is a non-dealer's, and %s deals this hand: the winner cannot be %s", win, k, dealer, name)
		}
	}
	if k == scoring.Earthly && discarder != "" && discarder != dealer {
		return family.Fieldf("%s %s: an earthly hand is won on the dealer's first discard: the discarder must be %s, who deals this hand, not %s", win, k, dealer, discarder)
	}
	return nil
}

// firstTurnSeats is firstTurn for a hand settled by seat, where E deals.
func firstTurnSeats(k scoring.WinKind, winners []notation.Seat, discarder notation.Seat) error {
	names := make([]string, len(winners))
	for i, s := range winners {
		names[i] = s.String()
	}
	d := ""
	if discarder != notation.NoSeat {
		d = discarder.String()
	}
	return firstTurn(k, notation.SeatEast.String(), names, d)
}

// winKind reads --win for a hand whose --discarder is discarder ("" when not given): a win on a
// discard when --win is left out. who is how --discarder is written in the message (SEAT, NAME).
// A win on a discard without a discarder is left to the caller, which knows what to ask for.
func winKind(win, discarder, who string) (scoring.WinKind, error) {
	if win == "" {
		if discarder == "" {
			return 0, family.WithHint(family.Usagef("say how the hand was won: --discarder %s for a win on a discard, or --win self-draw", who),
				"--win takes "+strings.Join(scoring.WinKinds(), "|"))
		}
		win = scoring.Discard.String()
	}
	k, err := scoring.ParseWinKind(win)
	if err != nil {
		return 0, family.Usagef("--win: %v", err)
	}
	if k.SelfDrawn() && discarder != "" {
		return 0, family.Usagef("--discarder %s with --win %s: a self-drawn tile has no discarder", discarder, k)
	}
	return k, nil
}

// fourValues reads KEY=VALUE pairs for four places (seats, or a ledger's players), given as
// repeated flags or comma lists, and requires all four. A --hand is never split at commas:
// notation reads them as spaces. form is a pair's expected form and all names the four places, for
// errors; index finds the place a key names, and name names place i.
func fourValues(flag string, args []string, form, all string, index func(key string) (int, error), name func(i int) string) ([4]string, error) {
	var vals [4]string
	var seen [4]bool
	for _, a := range args {
		parts := []string{a}
		if flag != "hand" {
			parts = strings.Split(a, ",")
		}
		for _, part := range parts {
			k, val, ok := strings.Cut(part, "=")
			if !ok {
				return vals, family.Usagef("--%s %q: expected %s", flag, part, form)
			}
			i, err := index(k)
			if err != nil {
				return vals, err
			}
			if seen[i] {
				return vals, family.Usagef("--%s: %s is given twice", flag, name(i))
			}
			seen[i], vals[i] = true, strings.TrimSpace(val)
		}
	}
	for i, ok := range seen {
		if !ok {
			return vals, family.Usagef("--%s: nothing for %s: give all four %s", flag, name(i), all)
		}
	}
	return vals, nil
}

// sevenFlowersHow checks a seven-flowers win's discarder against the table's reading (sr, nil for
// the default): claimed on the eighth flower another player draws (七搶一), who pays and must be
// named, or self-drawn (seven_flowers: self-draw), when nobody discards. who is how --discarder is
// written in the message (SEAT, NAME).
func sevenFlowersHow(k scoring.WinKind, discarder string, sr *settle.Rules, who string) error {
	if k != scoring.SevenFlowers {
		return nil
	}
	if sr.SevenFlowersSelfDrawn() {
		if discarder == "" {
			return nil
		}
		line := ""
		if src := sr.SevenFlowers.Source; src.Line != 0 {
			line = ", " + src.String()
		}
		return family.WithHint(family.Usagef("--discarder %s with --win %s: this table plays seven flowers self-drawn (settlement: seven_flowers: self-draw%s): the winner drew their own seventh and every opponent pays, so nobody discards", discarder, k, line),
			"leave out --discarder")
	}
	if discarder == "" {
		drew := "the seat that drew"
		if who == "NAME" {
			drew = "the player who drew"
		}
		return family.WithHint(family.Usagef("--win %s needs %s the eighth flower, who pays: --discarder %s", k, drew, who),
			"a table where the winner draws their own seventh flower says so in its ruleset: settlement: seven_flowers: self-draw")
	}
	return nil
}

// impossibleLog is a log that cannot describe a real hand (referee.Replay's error), as bad input
// with its hint: nothing is ruled on or paid.
func impossibleLog(err error, name, file string) error {
	hint := ""
	var le *referee.LogError
	if errors.As(err, &le) {
		hint = le.Hint
		if file != "" {
			le.File = file
		}
	}
	return family.WithHint(fmt.Errorf("%s: %w", name, err), hint)
}
