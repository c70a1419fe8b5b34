package hk

import (
	"strconv"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// AppendJSON appends the result's JSON fields, without the surrounding braces, byte for byte as
// encoding/json writes them: "valid":true,"total":5,... It is the batch path's encoder; callers
// write the braces so they can put their own fields first.
func (res *Result) AppendJSON(b []byte) []byte {
	b = append(b, `"valid":`...)
	b = scoring.AppendJSONBool(b, res.Valid)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(res.Total), 10)
	b = append(b, `,"raw_total":`...)
	b = strconv.AppendInt(b, int64(res.RawTotal), 10)
	b = append(b, `,"limit":`...)
	b = scoring.AppendJSONBool(b, res.Limit)
	b = append(b, `,"items":`...)
	b = scoring.AppendJSONItems(b, res.Items)
	b = append(b, `,"decomposition":`...)
	if res.Decomposition == nil {
		b = append(b, "null"...)
	} else {
		b = res.Decomposition.appendJSON(b)
	}
	b = append(b, `,"reason":`...)
	b = scoring.AppendJSONString(b, res.Reason)
	b = append(b, `,"min_faan":`...)
	b = strconv.AppendInt(b, int64(res.MinFaan), 10)
	b = append(b, `,"cap":`...)
	b = strconv.AppendInt(b, int64(res.Cap), 10)
	b = append(b, `,"self_drawn":`...)
	b = scoring.AppendJSONBool(b, res.SelfDrawn)
	if res.Note != "" {
		b = append(b, `,"note":`...)
		b = scoring.AppendJSONString(b, res.Note)
	}
	return b
}

// appendJSON writes what MarshalJSON writes. Groups are written straight from the decomposition:
// notation needs no JSON escaping.
func (r *Reading) appendJSON(b []byte) []byte {
	d := &r.Decomposition
	nsets, pair, win := d.NumGroups(), -1, -1 // pair and win: the group that is the pair, the win
	switch r.Shape {
	case scoring.Standard:
		nsets, pair = 4, 4
		switch {
		case r.Win == scoring.WinInPair:
			win = pair
		case r.Win >= 0:
			win = int(r.Win)
		}
	case scoring.ThirteenOrphans:
		nsets = 1
	}
	b = append(b, `{"shape":`...)
	b = scoring.AppendJSONName(b, r.Shape.String())
	b = append(b, `,"sets":[`...)
	for i := range nsets {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(d.AppendGroup(append(b, '"'), i), '"')
	}
	b = append(b, ']')
	switch {
	case pair >= 0:
		b = append(d.AppendGroup(append(b, `,"pair":"`...), pair), '"')
	case r.Shape == scoring.ThirteenOrphans:
		b = append(notation.AppendTiles(append(b, `,"pair":"`...), []notation.Tile{r.Pair, r.Pair}), '"')
	}
	if win >= 0 {
		b = append(d.AppendGroup(append(b, `,"win_in":"`...), win), '"')
	}
	return append(b, '}')
}
