package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

func TestLearningCodec(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)
	tests := []*Learning{
		{ID: "01J", Text: "t", Function: "f", Confidence: 1, Kind: LearningNote, Created: now},
		{ID: "01K", Text: "día ünïcode — text\nwith lines", Function: "f", Domain: "d", Confidence: 0.123456789,
			TimesReinforced: 7, Created: now, LastUsed: now.Add(time.Hour), SourceExecution: "01X",
			Kind: LearningCorrection, DecayedThrough: now.Add(7 * 24 * time.Hour)},
		{ID: "01L", Text: "zero times", Domain: "d", Kind: LearningNote},
	}
	for _, l := range tests {
		enc := encodeLearning(l)
		got, err := decodeLearning(enc)
		if err != nil {
			t.Fatalf("%s: %v", l.ID, err)
		}
		if !reflect.DeepEqual(got, l) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, l)
		}
		// JSON records (the format of hand-made or older stores) still decode.
		j, _ := json.Marshal(l)
		if got, err := decodeLearning(j); err != nil || !sameLearning(got, l) {
			t.Errorf("JSON record: %+v, %v", got, err)
		}
		for n := 0; n < len(enc); n++ {
			if _, err := decodeLearning(enc[:n]); err == nil {
				t.Errorf("%s: truncated record of %d bytes decoded", l.ID, n)
			}
		}
	}
}
