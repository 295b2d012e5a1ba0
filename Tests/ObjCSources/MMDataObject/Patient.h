// A patient record mapped by property name alone: every declared property is read from the key of the same name.

#import <Foundation/Foundation.h>
#import "MMDataObject.h"

@interface Patient : MMDataObject

@property (nonatomic, strong) NSString *title;
@property (nonatomic, strong) NSString *name;
@property (nonatomic, strong) NSDate *createdAt;
@property (nonatomic, strong) NSArray *visits;

@end
