package family

import (
	"strconv"

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

// AppendHeadHand is AppendHead for a head whose hand is h as notation.FormatWith(*h, opt)
// writes it, appended in place rather than made a string first (notation needs no JSON
// escaping); head.Hand is not read. text, when it is not empty, is that text already written
// (ScoreAppender's text), and is copied rather than written again.
func AppendHeadHand(b []byte, head *ScoreHead, h *notation.Hand, text string, opt notation.Options) []byte {
	b = append(appendInputLine(b, head.InputLine), '"')
	if text != "" {
		b = append(b, text...)
	} else {
		b = notation.AppendFormatWith(b, *h, opt)
	}
	return appendHeadRest(append(b, '"'), head)
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
