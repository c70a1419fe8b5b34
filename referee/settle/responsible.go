package settle

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Liability is a responsibility (包) found in a hand: which trigger fired, the meld that fired it and
// the seat that fed that meld.
type Liability struct {
	// Seat is the responsible seat, or notation.NoSeat when no trigger fired.
	Seat notation.Seat `json:"seat"`
	// Trigger is the id of the trigger in the ruleset's responsibility: section.
	Trigger string `json:"trigger,omitempty"`
	// Meld is the meld whose discard made Seat responsible (for a winning discard, the set it completed;
	// when no meld is marked, the last meld of the class).
	Meld   notation.Meld  `json:"-"`
	Source scoring.Source `json:"source,omitzero"`
}

// ErrAmbiguous is wrapped by Responsible's error when a trigger fired but the hand's marks do not say
// which seat fed the triggering meld: melds of the class are marked with different seats, and the
// notation does not record the order they were claimed in.
var ErrAmbiguous = errors.New("responsibility is ambiguous")

// Responsible finds who is liable under the ruleset's responsibility triggers for the winning hand h
// won as sit says. The feeder of a meld is its From mark ([777z@E]); a trigger fires when the hand shows
// Count melds of its class and the marked ones name one seat, or (WinningDiscard) when the winning
// discard itself completes the Count-th set. Triggers are tried in id order; the first that fires and
// covers sit.Win wins. No trigger firing is not an error: the Liability's Seat is NoSeat. A trigger that
// fires with unmarked melds yields NoSeat with the trigger named; marks naming several seats return an
// error wrapping ErrAmbiguous.
func Responsible(r *Rules, h *notation.Hand, sit scoring.Situation) (Liability, error) {
	none := Liability{Seat: notation.NoSeat}
	if r == nil {
		return none, ruleErr(nil, "the ruleset has no settlement: section")
	}
	if h == nil {
		return none, nil
	}
	for _, id := range sortedKeys(r.Responsibility) {
		t := r.Responsibility[id]
		if t == nil || !t.applies(sit.Win) {
			continue
		}
		l, err := t.find(h, sit)
		if err != nil {
			return none, fmt.Errorf("responsibility %s: %w", id, err)
		}
		if l.Trigger == "" {
			continue
		}
		l.Trigger, l.Source = id, t.Source
		if l.Seat == sit.Seat {
			return none, fmt.Errorf("responsibility %s: %s fed their own meld: %w", id, l.Seat, scoring.ErrImpossible)
		}
		return l, nil
	}
	return none, nil
}

// counts reports whether meld m belongs to the trigger's class.
func (t *Trigger) counts(m notation.Meld) bool {
	switch t.Melds {
	case MeldsDragon:
		return m.IsSet() && m.Tile.IsDragon()
	case MeldsWind:
		return m.IsSet() && m.Tile.IsWind()
	case MeldsKong:
		return m.IsKong()
	case MeldsExposed:
		return !m.Concealed
	}
	return false
}

// find checks one trigger; a fired trigger comes back with Trigger set to "*".
func (t *Trigger) find(h *notation.Hand, sit scoring.Situation) (Liability, error) {
	l := Liability{Seat: notation.NoSeat}
	n := 0
	var seats [4]bool
	var fed []notation.Meld
	var last notation.Meld
	for _, m := range h.Melds {
		if !t.counts(m) {
			continue
		}
		n++
		last = m
		if !m.Concealed && m.From <= notation.SeatNorth {
			if !seats[m.From] {
				fed = append(fed, m)
			}
			seats[m.From] = true
		}
	}
	if n >= t.Count {
		l.Trigger = "*"
		switch len(fed) {
		case 0: // fired, but no meld says who fed it
			l.Meld = last
		case 1:
			l.Seat, l.Meld = fed[0].From, fed[0]
		default:
			names := make([]string, len(fed))
			for i, m := range fed {
				names[i] = m.String()
			}
			return l, fmt.Errorf("the melds %s were fed by different seats and the notation does not say which came last: mark only the meld that triggered it, or name the seat: %w",
				strings.Join(names, " "), ErrAmbiguous)
		}
		return l, nil
	}
	if !t.WinningDiscard || n != t.Count-1 || sit.Win.SelfDrawn() || sit.Discarder > notation.SeatNorth {
		return l, nil
	}
	win := h.Win
	if !win.Valid() || win.IsBonus() || win == notation.Joker || h.Concealed[win] < 3 {
		return l, nil
	}
	if t.counts(notation.Meld{Kind: notation.Pong, Tile: win}) {
		l.Trigger, l.Seat = "*", sit.Discarder
		l.Meld = notation.Meld{Kind: notation.Pong, Tile: win, From: sit.Discarder}
	}
	return l, nil
}
