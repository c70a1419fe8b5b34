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

// appendJSON writes what MarshalJSON writes.
func (r *Reading) appendJSON(b []byte) []byte {
	g := r.Groups()
	var sets []string
	var pair, win string
	switch r.Shape {
	case scoring.Standard:
		sets, pair = g[:4], g[4]
		switch {
		case r.Win == scoring.WinInPair:
			win = pair
		case r.Win >= 0:
			win = sets[r.Win]
		}
	case scoring.ThirteenOrphans:
		sets, pair = g[:1], notation.FormatTiles([]notation.Tile{r.Pair, r.Pair})
	default:
		sets = g
	}
	b = append(b, `{"shape":`...)
	b = scoring.AppendJSONString(b, r.Shape.String())
	b = append(b, `,"sets":`...)
	if sets == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range sets {
			if i > 0 {
				b = append(b, ',')
			}
			b = scoring.AppendJSONString(b, s)
		}
		b = append(b, ']')
	}
	if pair != "" {
		b = append(b, `,"pair":`...)
		b = scoring.AppendJSONString(b, pair)
	}
	if win != "" {
		b = append(b, `,"win_in":`...)
		b = scoring.AppendJSONString(b, win)
	}
	return append(b, '}')
}
