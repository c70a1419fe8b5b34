package riichi

import "strconv"

// Yaku is one yaku, yakuman or dora item. Its ID, names and han are in the Yakus table; the numbering is stable
// only inside one build: use ID() for anything stored or printed.
type Yaku uint8

// The yaku of Tenhou's rules, then the yakuman, then the dora items.
const (
	NoYaku Yaku = iota
	Riichi
	Ippatsu
	MenzenTsumo
	Pinfu
	Tanyao
	Iipeikou
	YakuhaiWhite
	YakuhaiGreen
	YakuhaiRed
	SeatWind
	PrevailingWind
	Rinshan
	Chankan
	Haitei
	Houtei
	DoubleRiichi
	Chiitoitsu
	Chanta
	Ittsu
	Sanshoku
	SanshokuDoukou
	Sankantsu
	Toitoi
	Sanankou
	Shousangen
	Honroutou
	Honitsu
	Junchan
	Ryanpeikou
	Chinitsu

	Tenhou
	Chiihou
	Kokushi
	Kokushi13
	Suuankou
	SuuankouTanki
	Daisangen
	Shousuushii
	Daisuushii
	Tsuuiisou
	Ryuuiisou
	Chinroutou
	Chuuren
	JunseiChuuren
	Suukantsu

	Dora
	UraDora
	AkaDora
	Kita // a north set aside in three-player riichi (抜きドラ)

	numYaku
)

// YakuInfo describes one Yaku.
type YakuInfo struct {
	ID       string // stable id, lower_snake: "riichi", "tanyao"
	Name     string // English name
	Japanese string // Japanese name: 立直, 断幺九
	Closed   int    // han when the hand is closed (yakuman: 0)
	Open     int    // han when the hand has an open meld; 0 means the yaku needs a closed hand
	Yakuman  int    // yakuman units (1, or 2 for a double yakuman hand under Options.DoubleYakuman)
}

// Yakus is the table of every Yaku, indexed by Yaku.
var Yakus = [numYaku]YakuInfo{
	Riichi:         {"riichi", "Riichi", "立直", 1, 0, 0},
	Ippatsu:        {"ippatsu", "Ippatsu", "一発", 1, 0, 0},
	MenzenTsumo:    {"menzen_tsumo", "Menzen tsumo", "門前清自摸和", 1, 0, 0},
	Pinfu:          {"pinfu", "Pinfu", "平和", 1, 0, 0},
	Tanyao:         {"tanyao", "All simples", "断幺九", 1, 1, 0},
	Iipeikou:       {"iipeikou", "Pure double sequence", "一盃口", 1, 0, 0},
	YakuhaiWhite:   {"yakuhai_white", "White dragon", "役牌 白", 1, 1, 0},
	YakuhaiGreen:   {"yakuhai_green", "Green dragon", "役牌 發", 1, 1, 0},
	YakuhaiRed:     {"yakuhai_red", "Red dragon", "役牌 中", 1, 1, 0},
	SeatWind:       {"seat_wind", "Seat wind", "自風牌", 1, 1, 0},
	PrevailingWind: {"prevailing_wind", "Prevailing wind", "場風牌", 1, 1, 0},
	Rinshan:        {"rinshan", "After a kan", "嶺上開花", 1, 1, 0},
	Chankan:        {"chankan", "Robbing a kan", "槍槓", 1, 1, 0},
	Haitei:         {"haitei", "Last tile drawn", "海底摸月", 1, 1, 0},
	Houtei:         {"houtei", "Last discard", "河底撈魚", 1, 1, 0},
	DoubleRiichi:   {"double_riichi", "Double riichi", "ダブル立直", 2, 0, 0},
	Chiitoitsu:     {"chiitoitsu", "Seven pairs", "七対子", 2, 0, 0},
	Chanta:         {"chanta", "Outside hand", "混全帯幺九", 2, 1, 0},
	Ittsu:          {"ittsu", "Pure straight", "一気通貫", 2, 1, 0},
	Sanshoku:       {"sanshoku", "Mixed triple sequence", "三色同順", 2, 1, 0},
	SanshokuDoukou: {"sanshoku_doukou", "Triple triplets", "三色同刻", 2, 2, 0},
	Sankantsu:      {"sankantsu", "Three quads", "三槓子", 2, 2, 0},
	Toitoi:         {"toitoi", "All triplets", "対々和", 2, 2, 0},
	Sanankou:       {"sanankou", "Three concealed triplets", "三暗刻", 2, 2, 0},
	Shousangen:     {"shousangen", "Little three dragons", "小三元", 2, 2, 0},
	Honroutou:      {"honroutou", "All terminals and honours", "混老頭", 2, 2, 0},
	Honitsu:        {"honitsu", "Half flush", "混一色", 3, 2, 0},
	Junchan:        {"junchan", "Terminals in all sets", "純全帯幺九", 3, 2, 0},
	Ryanpeikou:     {"ryanpeikou", "Twice pure double sequence", "二盃口", 3, 0, 0},
	Chinitsu:       {"chinitsu", "Full flush", "清一色", 6, 5, 0},

	Tenhou:        {"tenhou", "Blessing of heaven", "天和", 0, 0, 1},
	Chiihou:       {"chiihou", "Blessing of earth", "地和", 0, 0, 1},
	Kokushi:       {"kokushi", "Thirteen orphans", "国士無双", 0, 0, 1},
	Kokushi13:     {"kokushi_13", "Thirteen orphans, 13-sided wait", "国士無双十三面待ち", 0, 0, 2},
	Suuankou:      {"suuankou", "Four concealed triplets", "四暗刻", 0, 0, 1},
	SuuankouTanki: {"suuankou_tanki", "Four concealed triplets, pair wait", "四暗刻単騎", 0, 0, 2},
	Daisangen:     {"daisangen", "Big three dragons", "大三元", 0, 0, 1},
	Shousuushii:   {"shousuushii", "Little four winds", "小四喜", 0, 0, 1},
	Daisuushii:    {"daisuushii", "Big four winds", "大四喜", 0, 0, 2},
	Tsuuiisou:     {"tsuuiisou", "All honours", "字一色", 0, 0, 1},
	Ryuuiisou:     {"ryuuiisou", "All green", "緑一色", 0, 0, 1},
	Chinroutou:    {"chinroutou", "All terminals", "清老頭", 0, 0, 1},
	Chuuren:       {"chuuren", "Nine gates", "九蓮宝燈", 0, 0, 1},
	JunseiChuuren: {"junsei_chuuren", "Nine gates, 9-sided wait", "純正九蓮宝燈", 0, 0, 2},
	Suukantsu:     {"suukantsu", "Four quads", "四槓子", 0, 0, 1},

	Dora:    {"dora", "Dora", "ドラ", 1, 1, 0},
	UraDora: {"ura_dora", "Ura dora", "裏ドラ", 1, 1, 0},
	AkaDora: {"aka_dora", "Red fives", "赤ドラ", 1, 1, 0},
	Kita:    {"kita", "North set aside", "抜きドラ", 1, 1, 0},
}

// ID returns the yaku's stable id.
func (y Yaku) ID() string {
	if y == NoYaku || y >= numYaku {
		return ""
	}
	return Yakus[y].ID
}

// String returns the stable id.
func (y Yaku) String() string { return y.ID() }

// Info returns the yaku's table entry.
func (y Yaku) Info() YakuInfo {
	if y >= numYaku {
		return YakuInfo{}
	}
	return Yakus[y]
}

// IsYakuman reports whether y is a yakuman.
func (y Yaku) IsYakuman() bool { return y < numYaku && Yakus[y].Yakuman > 0 }

// IsDora reports whether y is a dora item (which adds han but is not a yaku).
func (y Yaku) IsDora() bool { return y == Dora || y == UraDora || y == AkaDora || y == Kita }

// YakuByID returns the yaku with the stable id, or NoYaku.
func YakuByID(id string) Yaku {
	for y := Yaku(1); y < numYaku; y++ {
		if Yakus[y].ID == id {
			return y
		}
	}
	return NoYaku
}

// AllYaku returns every Yaku in table order.
func AllYaku() []Yaku {
	out := make([]Yaku, 0, numYaku-1)
	for y := Yaku(1); y < numYaku; y++ {
		out = append(out, y)
	}
	return out
}

// MarshalText writes the stable id.
func (y Yaku) MarshalText() ([]byte, error) { return []byte(y.ID()), nil }

// UnmarshalText reads a stable id.
func (y *Yaku) UnmarshalText(b []byte) error {
	if *y = YakuByID(string(b)); *y == NoYaku {
		return &InputError{Field: "yaku", Msg: "unknown yaku id " + strconv.Quote(string(b))}
	}
	return nil
}
