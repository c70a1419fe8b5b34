package family

import (
	"strconv"
	"sync/atomic"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// AppendScored appends a scored hand's JSON object without reflection: the head's fields, then the
// fields the family's result appends (without braces), as encoding/json writes the two embedded.
func AppendScored(b []byte, h *ScoreHead, result interface{ AppendJSON([]byte) []byte }) []byte {
	b = append(AppendHead(b, h), ',')
	return append(result.AppendJSON(b), '}')
}

// AppendHead appends '{' and the head's fields, without reflection: the batch hot path of a
// family whose result appends its own JSON (the caller appends ',' and the result's fields).
func AppendHead(b []byte, h *ScoreHead) []byte {
	b = appendInputLine(b, h.InputLine)
	b = scoring.AppendJSONString(b, h.Hand)
	return appendHeadRest(b, h)
}

// AppendHeadHand is AppendHead for a head of input line line whose hand is h as
// notation.FormatWith(*h, opt) writes it, appended in place rather than made a string first
// (notation needs no JSON escaping). text, when it is not empty, is that text already written
// (ScoreAppender's text), and is copied rather than written again. rest is the head's fields
// after the hand, as HeadRest.Of wrote them for its ruleset and situation.
func AppendHeadHand(b []byte, line int, h *notation.Hand, text string, opt notation.Options, rest []byte) []byte {
	b = append(appendInputLine(b, line), '"')
	if text != "" {
		b = append(b, text...)
	} else {
		b = notation.AppendFormatWith(b, *h, opt)
	}
	return append(append(b, '"'), rest...)
}

// HeadRest keeps a head's fields after the hand, written for one ruleset name and situation and
// copied into line after line of a batch (AppendHeadHand) while they stay the same: a
// ScoreAppender keeps one. Safe for concurrent use; the zero HeadRest is ready.
type HeadRest struct {
	last atomic.Pointer[headRest]
}

// headRest is the text written for a ruleset name and situation (what View reads of it).
type headRest struct {
	ruleset string
	sit     scoring.Situation
	loser   bool
	text    []byte
}

// Of returns the head's fields after the hand for a head of ruleset and sit.View() and no
// warnings, written now unless they are what was written last. (They are the same for any
// Extra: View does not show the family's own fields.)
func (c *HeadRest) Of(ruleset string, sit Situation) []byte {
	return c.OfView(ruleset, sit, Situation.View)
}

// OfView is Of for a family whose head shows its own view of the situation, view(sit), which
// must depend only on what Of compares (sit's Situation and Loser, not its Extra): view is called
// only when those are not what was written last.
func (c *HeadRest) OfView(ruleset string, sit Situation, view func(Situation) *SituationView) []byte {
	if p := c.last.Load(); p != nil && p.ruleset == ruleset && p.sit == sit.Situation && p.loser == sit.Loser {
		return p.text
	}
	p := &headRest{ruleset: ruleset, sit: sit.Situation, loser: sit.Loser}
	p.text = appendHeadRest(nil, &ScoreHead{Ruleset: ruleset, Situation: view(sit)})
	c.last.Store(p)
	return p.text
}

// appendInputLine opens the object with its input_line, when there is one, and the "hand" key.
func appendInputLine(b []byte, line int) []byte {
	b = append(b, '{')
	if line != 0 {
		b = append(b, `"input_line":`...)
		b = strconv.AppendInt(b, int64(line), 10)
		b = append(b, ',')
	}
	return append(b, `"hand":`...)
}

// appendHeadRest appends the head's fields after the hand. (Not scoring.AppendJSONName: what it
// is given escapes, and a head on the stack would move to the heap.)
func appendHeadRest(b []byte, h *ScoreHead) []byte {
	b = append(b, `,"ruleset":`...)
	b = scoring.AppendJSONString(b, h.Ruleset)
	if s := h.Situation; s != nil {
		b = append(b, `,"situation":{"seat":`...)
		b = scoring.AppendJSONString(b, s.Seat)
		b = append(b, `,"prevailing":`...)
		b = scoring.AppendJSONString(b, s.Prevailing)
		b = append(b, `,"win":`...)
		b = scoring.AppendJSONString(b, s.Win)
		if s.Discarder != "" {
			b = append(b, `,"discarder":`...)
			b = scoring.AppendJSONString(b, s.Discarder)
		}
		if s.LastTile {
			b = append(b, `,"last_tile":true`...)
		}
		if s.Loser {
			b = append(b, `,"loser":true`...)
		}
		b = append(b, '}')
	}
	if len(h.Warnings) > 0 {
		b = append(b, `,"warnings":`...)
		b = scoring.AppendJSONWarnings(b, h.Warnings)
	}
	return b
}
