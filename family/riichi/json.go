package riichi

import (
	"strconv"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/scoring"
)

// AppendJSON appends what encoding/json writes for s (HTML escaping off), without reflection: a
// batch line and a server answer. TestAppendJSONIsEncodingJSON checks it byte for byte.
func (s *Scored) AppendJSON(b []byte) []byte {
	return family.AppendScored(b, &s.ScoreHead, s.Result)
}

// AppendJSON appends the result's fields as encoding/json writes them inside an object, without
// the braces, so that the scored hand's head comes first.
func (r *Result) AppendJSON(b []byte) []byte {
	b = append(b, `"valid":`...)
	b = scoring.AppendJSONBool(b, r.IsWin)
	if r.Reason != "" {
		b = append(b, `,"reason":`...)
		b = scoring.AppendJSONString(b, r.Reason)
	}
	for _, f := range [...]struct {
		on   bool
		name string
	}{{r.Riichi, `,"riichi":true`}, {r.DoubleRiichi, `,"double_riichi":true`}, {r.Ippatsu, `,"ippatsu":true`}, {r.FirstTurn, `,"first_turn":true`}} {
		if f.on {
			b = append(b, f.name...)
		}
	}
	if r.Shape != "" {
		b = append(b, `,"shape":`...)
		b = scoring.AppendJSONName(b, r.Shape)
	}
	if len(r.Reading) > 0 {
		b = appendStrings(append(b, `,"reading":`...), r.Reading)
	}
	if r.Wait != "" {
		b = append(b, `,"wait":`...)
		b = scoring.AppendJSONName(b, r.Wait)
	}
	b = scoring.AppendJSONArray(append(b, `,"yaku":`...), r.Yaku, (*YakuView).appendJSON)
	b = appendInt(b, `,"han":`, r.Han)
	b = appendInt(b, `,"fu":`, r.Fu)
	if r.RawFu != 0 {
		b = appendInt(b, `,"raw_fu":`, r.RawFu)
	}
	b = scoring.AppendJSONArray(append(b, `,"fu_items":`...), r.FuItems, (*FuView).appendJSON)
	if r.Yakuman != 0 {
		b = appendInt(b, `,"yakuman":`, r.Yakuman)
	}
	b = appendInt(b, `,"dora":`, r.Dora)
	b = appendInt(b, `,"ura":`, r.Ura)
	b = appendInt(b, `,"aka":`, r.Aka)
	if r.Limit != "" {
		b = append(b, `,"limit":`...)
		b = scoring.AppendJSONName(b, r.Limit)
	}
	b = append(b, `,"dealer":`...)
	b = scoring.AppendJSONBool(b, r.Dealer)
	b = r.Points.appendJSON(append(b, `,"points":`...))
	if len(r.OtherReadings) > 0 {
		b = scoring.AppendJSONArray(append(b, `,"other_readings":`...), r.OtherReadings, (*ReadingView).appendJSON)
	}
	return b
}

func (y *YakuView) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = scoring.AppendJSONName(b, y.ID)
	b = append(b, `,"name":`...)
	b = scoring.AppendJSONName(b, y.Name)
	b = append(b, `,"japanese":`...)
	b = scoring.AppendJSONName(b, y.Japanese)
	if y.Han != 0 {
		b = appendInt(b, `,"han":`, y.Han)
	}
	if y.Yakuman != 0 {
		b = appendInt(b, `,"yakuman":`, y.Yakuman)
	}
	return append(appendSource(b, y.Source), '}')
}

func (f *FuView) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = scoring.AppendJSONName(b, f.ID)
	b = append(b, `,"name":{"english":`...)
	b = scoring.AppendJSONName(b, f.Name.English)
	b = append(b, `,"japanese":`...)
	b = scoring.AppendJSONName(b, f.Name.Japanese)
	b = appendInt(append(b, '}'), `,"fu":`, f.Fu)
	if f.Tiles != "" {
		b = append(b, `,"tiles":`...)
		b = scoring.AppendJSONString(b, f.Tiles)
	}
	return append(appendSource(b, f.Source), '}')
}

func (p *PointsView) appendJSON(b []byte) []byte {
	b = appendInt(b, `{"ron":`, p.Ron)
	b = appendInt(b, `,"tsumo_dealer":`, p.TsumoDealer)
	b = appendInt(b, `,"tsumo_other":`, p.TsumoOther)
	b = appendInt(b, `,"tsumo_total":`, p.TsumoTotal)
	b = appendInt(b, `,"total":`, p.Total)
	if p.Honba != 0 {
		b = appendInt(b, `,"honba":`, p.Honba)
	}
	if p.Sticks != 0 {
		b = appendInt(b, `,"sticks":`, p.Sticks)
	}
	return append(appendInt(b, `,"with_bonus":`, p.WithBonus), '}')
}

func (v *ReadingView) appendJSON(b []byte) []byte {
	b = append(b, `{"shape":`...)
	b = scoring.AppendJSONName(b, v.Shape)
	b = appendStrings(append(b, `,"reading":`...), v.Reading)
	b = append(b, `,"wait":`...)
	b = scoring.AppendJSONName(b, v.Wait)
	b = appendStrings(append(b, `,"yaku":`...), v.Yaku)
	b = appendInt(b, `,"han":`, v.Han)
	b = appendInt(b, `,"fu":`, v.Fu)
	if v.Yakuman != 0 {
		b = appendInt(b, `,"yakuman":`, v.Yakuman)
	}
	return append(appendInt(b, `,"points":`, v.Points), '}')
}

// appendSource appends `,"source":{…}`.
func appendSource(b []byte, s scoring.Source) []byte {
	b = append(b, `,"source":{"ruleset":`...)
	b = scoring.AppendJSONName(b, s.Ruleset)
	return append(appendInt(b, `,"line":`, s.Line), '}')
}

// appendStrings appends ss as a JSON array (null for nil, as encoding/json writes a nil slice).
func appendStrings(b []byte, ss []string) []byte {
	return scoring.AppendJSONArray(b, ss, func(s *string, b []byte) []byte { return scoring.AppendJSONString(b, *s) })
}

func appendInt(b []byte, key string, n int) []byte {
	return strconv.AppendInt(append(b, key...), int64(n), 10)
}
