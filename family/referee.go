package family

// RefereeStyle is how a family's result reads: the unit of an item's value, whether items have
// Chinese names and the win is placed by seat winds, and whether the hand ends in payments.
type RefereeStyle struct {
	Unit     string
	ZH       bool
	Winds    bool
	Payments bool
}
