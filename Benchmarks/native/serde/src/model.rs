//! Screenplay's wire format as a Rust developer would type it for serde: plain structs with
//! derive, nodes and actions as internally tagged enums (`"type"`), optional members skipped
//! when absent. Fields are declared in key order, so serde writes each object sorted as
//! Screenplay does (apart from `"type"`, which serde writes first).
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Serialize, Deserialize, Debug)]
pub struct Screen {
    pub body: Node,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<Cache>,
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub version: String,
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Cache {
    pub max_age: u32,
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Action {
    Navigate { url: String },
    Open { url: String },
    Intent { name: String },
    Back,
}

/// A node: one variant per component, each struct carrying the members every node may have.
#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "type")]
pub enum Node {
    #[serde(rename = "vstack")]
    VStack(Stack),
    #[serde(rename = "hstack")]
    HStack(Stack),
    #[serde(rename = "grid")]
    Grid(Grid),
    #[serde(rename = "carousel")]
    Carousel(Carousel),
    #[serde(rename = "list")]
    List(List),
    #[serde(rename = "text")]
    Text(Text),
    #[serde(rename = "image")]
    Image(Image),
    #[serde(rename = "item")]
    Item(Item),
    #[serde(rename = "BANNER")]
    Banner(Banner),
    #[serde(rename = "COLLECTION")]
    Collection(Tiles),
    #[serde(rename = "IMAGES")]
    Images(Tiles),
    #[serde(rename = "CELLS")]
    Cells(Tiles),
    #[serde(rename = "LIST")]
    TitledList(Tiles),
}

#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Stack {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<String>,
    pub children: Vec<Node>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<Style>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Grid {
    pub children: Vec<Node>,
    pub columns: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing: Option<f64>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Carousel {
    pub children: Vec<Node>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item_width: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing: Option<f64>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
pub struct List {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub sections: Vec<Section>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Section {
    pub children: Vec<Node>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Text {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_limit: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<Style>,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<Length>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<Length>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bottom_left_detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bottom_right_detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, rename = "imageURL", skip_serializing_if = "Option::is_none")]
    pub image_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_right_detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Banner {
    pub highlighted: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub image: String,
    pub title: String,
    pub url: String,
}

/// The super-app widgets' rows (COLLECTION, IMAGES, CELLS, LIST).
#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Tiles {
    pub content: Vec<Tile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Tile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Style {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner_radius: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub padding: Option<f64>,
}

/// A colour: `"#rrggbb"` or `{"light": …, "dark": …}`.
#[derive(Serialize, Deserialize, Debug)]
#[serde(untagged)]
pub enum Color {
    Plain(String),
    Adaptive { dark: String, light: String },
}

/// A length: points, or `"fill"`. Read with a visitor (not `untagged`, which buffers), as a
/// Rust developer who cared about speed would write it.
#[derive(Debug, Clone, Copy)]
pub enum Length {
    Points(f64),
    Fill,
}

impl Serialize for Length {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Length::Points(value) => serializer.serialize_f64(*value),
            Length::Fill => serializer.serialize_str("fill"),
        }
    }
}

impl<'de> Deserialize<'de> for Length {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LengthVisitor;
        impl<'de> Visitor<'de> for LengthVisitor {
            type Value = Length;
            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a number of points or \"fill\"")
            }
            fn visit_f64<E: de::Error>(self, value: f64) -> Result<Length, E> {
                Ok(Length::Points(value))
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<Length, E> {
                Ok(Length::Points(value as f64))
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<Length, E> {
                Ok(Length::Points(value as f64))
            }
            fn visit_str<E: de::Error>(self, value: &str) -> Result<Length, E> {
                if value == "fill" {
                    Ok(Length::Fill)
                } else {
                    Err(E::invalid_value(de::Unexpected::Str(value), &self))
                }
            }
        }
        deserializer.deserialize_any(LengthVisitor)
    }
}
