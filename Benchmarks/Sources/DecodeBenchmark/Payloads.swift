// The payloads DecodeBenchmark decodes, each an array of `count` objects as their servers write them (lever-decode.sh
// copies this file, so that a lever is measured on the same payload).
import Foundation

let count = 2_000

func payload(_ element: (Int) -> String) -> Data {
    Data(("[" + (0..<count).map(element).joined(separator: ",") + "]").utf8)
}

let patients = payload { index in
    #"{"c_name": "Patient \#(index)", "c_age": \#(20 + index % 60), "c_score": \#(Double(index) / 7), "c_active": \#(index % 2 == 0), "c_tags": ["a", "b"], "c_address": {"c_street": "\#(index) Main St", "c_city": "Springfield", "c_zip": "12345"}}"#
}
let appointments = payload { index in
    #"{"c_title": "Visit \#(index)", "c_starts": "2026-11-22T10:15:30Z", "c_ends": "2026-11-22T11:15:30Z"}"#
}
let tweets = payload { index in
    #"{"id_str": "\#(240859602684612608 + index)", "text": "Tweet number \#(index)", "user": {"name": "Twitter API", "profile_image_url": "http://a0.twimg.com/profile_images/\#(index).png"}, "coordinates": [-97.51087576, 35.46500176]}"#
}
let visits = payload { index in
    let id = String(format: "5a2f1b7c9d3e4f5a6b%06x", index)
    let file = #"{"name": "content", "mime": "image/jpeg", "filename": "photo.jpg", "size": 20480, "state": 2, "path": "/c_visits/\#(id)/c_photo/content", "url": "https://api.example.com/c_visits/\#(id)/c_photo/content", "ETag": "1d4c0a9b", "facets": [{"name": "thumbnail", "mime": "image/jpeg", "size": 2048, "state": 2, "path": "/c_visits/\#(id)/c_photo/thumbnail", "url": "https://api.example.com/c_visits/\#(id)/c_photo/thumbnail", "ETag": "8a1b0c9d"}]}"#
    return #"{"c_title": "Visit \#(index)", "c_patient": {"_id": "\#(id)", "object": "c_patient", "path": "/c_patients/\#(id)"}, "c_creator": {"_id": "\#(id)", "object": "account", "path": "/accounts/\#(id)"}, "c_photo": \#(file)}"#
}
