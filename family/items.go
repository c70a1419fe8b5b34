package family

import (
	"encoding/json"
	"strconv"

	"github.com/mjref/mjref/scoring"
)

// AppendScored appends a scored hand's JSON object without reflection: the head's fields, then the
// fields the family's result appends (without braces), as encoding/json writes the two embedded.
func AppendScored(b []byte, h *ScoreHead, result interface{ AppendJSON([]byte) []byte }) []byte {
	b = append(AppendHead(b, h), ',')
	return append(result.AppendJSON(b), '}')
}

// AppendHead appends '{' and the head's fields, without reflection, and a ',' when fields are to
// follow: the batch hot path of a family whose result appends its own JSON.
func AppendHead(b []byte, h *ScoreHead) []byte {
	b = append(b, '{')
	if h.InputLine != 0 {
		b = append(b, `"input_line":`...)
		b = strconv.AppendInt(b, int64(h.InputLine), 10)
		b = append(b, ',')
	}
	b = append(b, `"hand":`...)
	b = scoring.AppendJSONString(b, h.Hand)
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
		w, _ := json.Marshal(h.Warnings) // strings and numbers: it cannot fail
		b = append(b, w...)
	}
	return b
}
