package points

import (
	"strconv"

	"github.com/mjref/mjref/scoring"
)

// AppendJSON appends the fields of res as encoding/json writes them inside an object, without the
// braces, so that a scored hand's head can come first: a batch line and a server answer are written
// without reflection. TestAppendJSONMatchesEncodingJSON checks it byte for byte.
func (res *Result) AppendJSON(b []byte) []byte {
	b = append(b, `"valid":`...)
	b = scoring.AppendJSONBool(b, res.Valid)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(res.Total), 10)
	if res.Reading != "" {
		b = append(b, `,"reading":`...)
		b = scoring.AppendJSONName(b, string(res.Reading))
	}
	b = append(b, `,"items":`...)
	b = scoring.AppendJSONItems(b, res.Items)
	if len(res.Flowers) > 0 {
		b = scoring.AppendJSONArray(append(b, `,"flowers":`...), res.Flowers, (*FlowerUse).appendJSON)
	}
	if res.Reason != "" {
		b = append(b, `,"reason":`...)
		b = scoring.AppendJSONString(b, res.Reason)
	}
	return b
}

func (f *FlowerUse) appendJSON(b []byte) []byte {
	b = append(b, `{"flower":"`...)
	b = append(b, f.Flower.String()...)
	b = append(b, `","boosted":`...)
	b = scoring.AppendJSONBool(b, f.Boosted)
	b = append(b, `,"use":`...)
	b = scoring.AppendJSONName(b, string(f.Use))
	if f.Cancels != 0 {
		b = append(b, `,"cancels":"`...)
		b = append(b, f.Cancels.String()...)
		b = append(b, '"')
	}
	b = append(b, `,"value":`...)
	b = strconv.AppendInt(b, int64(f.Value), 10)
	return append(b, '}')
}
