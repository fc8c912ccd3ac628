//! serde_json on Screenplay's documents, for `scripts/bench-native`:
//!   serde-screens DIR SECONDS
//! reads DIR/{gallery,requests,home}.plain.json (written by `screenplay-bench documents DIR`) and
//! times, interleaved, for each: building the equivalent structs + serialising them, decoding the
//! bytes into the typed structs, and parsing them into `serde_json::Value` (parse only). Prints
//! `name<TAB>median ms<TAB>samples` lines, as `Benchmarks/shared/SideBySide.swift` does, and with
//! `--write DIR` writes what the builders serialise (DIR/NAME.serde.json) for the script to compare.
mod model;

use model::*;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn gallery(count: usize) -> Screen {
    let children = (0..count)
        .map(|index| {
            Node::VStack(Stack {
                action: Some(Action::Navigate { url: format!("/products/{}", index) }),
                alignment: Some("leading".to_string()),
                children: vec![
                    Node::Image(Image {
                        content_mode: Some("fill".to_string()),
                        height: Some(Length::Points(120.0)),
                        url: format!("https://images.example.com/products/{}.jpg", index),
                        width: Some(Length::Fill),
                        ..Default::default()
                    }),
                    Node::Text(Text {
                        line_limit: Some(1),
                        size: Some(15.0),
                        text: format!("Product {}", index),
                        weight: Some("semibold".to_string()),
                        ..Default::default()
                    }),
                    Node::Text(Text {
                        color: Some(Color::Plain("#616161".to_string())),
                        size: Some(13.0),
                        text: format!("€{}", 10 + index % 90),
                        ..Default::default()
                    }),
                ],
                id: Some(format!("product.{}", index)),
                spacing: Some(4.0),
                style: None,
            })
        })
        .collect();
    Screen {
        body: Node::Grid(Grid { children, columns: 2, id: None, spacing: Some(8.0) }),
        cache: None,
        id: "gallery".to_string(),
        title: Some("Gallery".to_string()),
        version: "1.0".to_string(),
    }
}

fn requests(count: usize) -> Screen {
    let children = (0..count)
        .map(|index| {
            Node::Item(Item {
                bottom_left_detail: Some(format!("€{}", 60 + index % 40)),
                bottom_right_detail: Some(if index % 3 == 0 { "Pending" } else { "Accepted" }.to_string()),
                detail: Some(
                    "from <strong>Wed, Feb 15, 2017</strong> at 07:00<br>to <strong>Sat, Feb 18, 2017</strong> at 07:30"
                        .to_string(),
                ),
                id: Some(format!("request.{}", index)),
                image_url: Some(format!("https://images.example.com/avatars/{}.jpg", index)),
                layout: Some("request".to_string()),
                subtitle: Some("Tesla Model S".to_string()),
                title: Some(format!("Driver {}", index)),
                top_right_detail: Some("02/11/2017".to_string()),
                url: Some(format!("/requests/{}", index)),
            })
        })
        .collect();
    Screen {
        body: Node::List(List {
            id: None,
            sections: vec![Section { children, id: None, title: Some("All requests".to_string()) }],
        }),
        cache: Some(Cache { max_age: 30 }),
        id: "requests".to_string(),
        title: Some("Requests".to_string()),
        version: "1.0".to_string(),
    }
}

fn tile(color: Option<&str>, image: Option<&str>, title: Option<&str>, url: Option<&str>) -> Tile {
    Tile {
        color: color.map(str::to_string),
        image: image.map(str::to_string),
        title: title.map(str::to_string),
        url: url.map(str::to_string),
    }
}

fn offer(text: &str) -> Node {
    Node::Text(Text {
        size: Some(15.0),
        style: Some(Style {
            background: Some(Color::Adaptive { dark: "#3e2723".to_string(), light: "#fff8e1".to_string() }),
            corner_radius: Some(12.0),
            padding: Some(16.0),
        }),
        text: text.to_string(),
        ..Default::default()
    })
}

fn home() -> Screen {
    let services = [
        ("#fbc02d", "food", "Food"),
        ("#1e88e5", "rides", "Rides"),
        ("#e53935", "tickets", "Tickets"),
        ("#8e24aa", "pharmacy", "Pharmacy"),
        ("#43a047", "groceries", "Groceries"),
    ];
    let collection = services
        .iter()
        .map(|(color, slug, title)| {
            let image = format!("https://images.example.com/services/{}.png", slug);
            let url = format!("/services/{}", slug);
            tile(Some(color), Some(&image), Some(title), Some(&url))
        })
        .collect();
    let promos = (1..=3).map(|n| tile(None, Some(&format!("https://images.example.com/promos/{}.jpg", n)), None, None)).collect();
    Screen {
        body: Node::List(List {
            id: None,
            sections: vec![
                Section {
                    children: vec![
                        Node::Collection(Tiles { content: collection, id: Some("widget.services".to_string()), title: None }),
                        Node::Images(Tiles { content: promos, id: Some("widget.promos".to_string()), title: None }),
                        Node::Carousel(Carousel {
                            children: vec![offer("2 rides for 1 this weekend"), offer("Free delivery over €20")],
                            id: Some("widget.offers".to_string()),
                            item_width: Some(260.0),
                            spacing: Some(12.0),
                        }),
                    ],
                    id: Some("section.services".to_string()),
                    title: Some("Services".to_string()),
                },
                Section {
                    children: vec![
                        Node::Banner(Banner {
                            highlighted: false,
                            id: Some("widget.pay-banner".to_string()),
                            image: "https://images.example.com/banners/pay.jpg".to_string(),
                            title: "Pay with one tap".to_string(),
                            url: "/checkout".to_string(),
                        }),
                        Node::Cells(Tiles {
                            content: vec![
                                tile(Some("#e53935"), None, Some("Cards"), None),
                                tile(Some("#8e24aa"), None, Some("Top up"), None),
                                tile(Some("#fbc02d"), None, Some("History"), None),
                            ],
                            id: Some("widget.pay-cells".to_string()),
                            title: None,
                        }),
                        Node::TitledList(Tiles {
                            content: vec![tile(None, None, Some("Coffee"), None), tile(None, None, Some("Cinema"), None)],
                            id: Some("widget.recent".to_string()),
                            title: Some("Recent".to_string()),
                        }),
                    ],
                    id: Some("section.pay".to_string()),
                    title: Some("Pay".to_string()),
                },
            ],
        }),
        cache: Some(Cache { max_age: 60 }),
        id: "home".to_string(),
        title: Some("Home".to_string()),
        version: "1.0".to_string(),
    }
}

/// Warms each operation up, then samples them in turn for `seconds` and prints
/// `name<TAB>median ms<TAB>samples` per operation (the loop of Benchmarks/shared/SideBySide.swift).
fn time_side_by_side(operations: &mut [(String, Box<dyn FnMut()>)], seconds: f64) {
    for (_, body) in operations.iter_mut() {
        for _ in 0..3 {
            body();
        }
    }
    let mut samples: Vec<Vec<Duration>> = vec![Vec::new(); operations.len()];
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for (index, (_, body)) in operations.iter_mut().enumerate() {
            let began = Instant::now();
            body();
            samples[index].push(began.elapsed());
        }
    }
    for (index, (name, _)) in operations.iter().enumerate() {
        let mut sorted = samples[index].clone();
        sorted.sort();
        let median = sorted[sorted.len() / 2];
        println!("{}\t{:.4}\t{}", name, median.as_secs_f64() * 1e3, sorted.len());
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let builders: [(&str, fn() -> Screen); 3] = [("gallery", || gallery(1000)), ("requests", || requests(1000)), ("home", home)];
    if arguments.len() == 3 && arguments[1] == "--write" {
        for (name, build) in builders.iter() {
            let path = format!("{}/{}.serde.json", arguments[2], name);
            std::fs::write(&path, serde_json::to_vec(&build()).unwrap()).unwrap();
        }
        return;
    }
    let directory = arguments.get(1).expect("usage: serde-screens DIR SECONDS").clone();
    let seconds: f64 = arguments.get(2).and_then(|text| text.parse().ok()).unwrap_or(2.0);
    let mut operations: Vec<(String, Box<dyn FnMut()>)> = Vec::new();
    for (name, build) in builders.iter() {
        let bytes = std::fs::read(format!("{}/{}.plain.json", directory, name)).expect("documents");
        let decoded: Screen = serde_json::from_slice(&bytes).expect("serde could not read the document");
        black_box(decoded);
        let build = *build;
        operations.push((format!("{} build+serialise", name), Box::new(move || {
            black_box(serde_json::to_vec(&build()).unwrap());
        })));
        let typed = bytes.clone();
        operations.push((format!("{} decode", name), Box::new(move || {
            black_box(serde_json::from_slice::<Screen>(&typed).unwrap());
        })));
        operations.push((format!("{} parse", name), Box::new(move || {
            black_box(serde_json::from_slice::<serde_json::Value>(&bytes).unwrap());
        })));
    }
    time_side_by_side(&mut operations, seconds);
}
